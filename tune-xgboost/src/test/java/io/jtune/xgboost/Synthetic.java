package io.jtune.xgboost;

import io.jtune.api.Config;
import java.util.List;
import java.util.Map;
import java.util.Random;
import ml.dmlc.xgboost4j.java.DMatrix;
import ml.dmlc.xgboost4j.java.XGBoostError;

/** A seeded binary classification problem (an interaction and a sine of Gaussian features, with noise) and the test trials' fixed parameters. */
final class Synthetic {
    static final int FEATURES = 8;
    /** Fixed parameters: row and column subsampling, so a resumed booster matches only if it draws the same rows. */
    static final Map<String, Object> PARAMS = Map.of("objective", "binary:logistic", "max_depth", 4, "subsample", 0.7,
            "colsample_bytree", 0.7, "seed", 7, "nthread", 1, "eval_metric", List.of("logloss", "auc"));
    static final DataSource DATA = DataSource.perJvm(() -> data(1));
    static final XGBoostTask TASK = XGBoostTask.of(DATA, PARAMS);

    private Synthetic() {
    }

    /** Training rows (seed) and validation rows (seed + 1), watched as "train" and "validation". */
    static TrainingData data(long seed) throws XGBoostError {
        DMatrix train = matrix(2000, seed);
        return TrainingData.train(train).watch("train", train).watch("validation", matrix(1000, seed + 1));
    }

    static DMatrix matrix(int rows, long seed) throws XGBoostError {
        Random random = new Random(seed);
        float[] x = new float[rows * FEATURES];
        float[] y = new float[rows];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < FEATURES; j++) {
                x[i * FEATURES + j] = (float) random.nextGaussian();
            }
            double signal = x[i * FEATURES] * x[i * FEATURES + 1] + Math.sin(2 * x[i * FEATURES + 2]) + 0.3 * random.nextGaussian();
            y[i] = signal > 0 ? 1 : 0;
        }
        DMatrix matrix = new DMatrix(x, rows, FEATURES, Float.NaN);
        matrix.setLabel(y);
        return matrix;
    }

    /** Predictions on {@code rows} of a booster trained {@code rounds} rounds of the task without a break, with the config's parameters. */
    static float[][] uninterrupted(Config config, int rounds, DMatrix rows) throws Exception {
        XGBoostTrainable plain = new XGBoostTrainable(TASK);
        plain.setup(config);
        try {
            for (int i = 0; i < rounds; i++) {
                plain.step();
            }
            return plain.booster().predict(rows);
        } finally {
            plain.cleanup();
        }
    }
}
