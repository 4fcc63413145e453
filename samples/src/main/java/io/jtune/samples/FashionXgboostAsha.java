package io.jtune.samples;

import io.jtune.api.Asha;
import io.jtune.api.Checkpoint;
import io.jtune.api.IntRange;
import io.jtune.api.LogUniform;
import io.jtune.api.Param;
import io.jtune.api.Samples;
import io.jtune.api.Seed;
import io.jtune.api.Tpe;
import io.jtune.api.Trainable;
import io.jtune.api.Uniform;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.samples.data.FashionMnist;
import io.jtune.xgboost.DataSource;
import io.jtune.xgboost.TrainingData;
import io.jtune.xgboost.XGBoostTask;
import io.jtune.xgboost.XGBoostTrainable;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import ml.dmlc.xgboost4j.java.DMatrix;
import ml.dmlc.xgboost4j.java.XGBoostError;

/**
 * Sample: an XGBoost classifier of Fashion-MNIST clothes, tuned by TPE while ASHA races the
 * boosting rounds. {@value #SAMPLES} configurations (learning rate, depth, child weight, row and
 * column subsampling) train on {@value #TRAIN_ROWS} training images and are scored on
 * {@value #VALIDATION_ROWS} others after every round; ASHA stops the weaker ones at 3 and 9 rounds,
 * the rest boost to {@value #MAX_ROUNDS}. Each trial checkpoints its booster; at the end
 * {@link FashionHeldOutAccuracy} scores the best trial's booster on the 10,000 held-out test images.
 * Reads Debian's {@code dataset-fashion-mnist} ({@value FashionMnist#DIR}).
 */
@Trainable(metric = FashionXgboostAsha.METRIC, mode = "min")
@Tpe(nStartupTrials = 6)
@Asha(maxT = FashionXgboostAsha.MAX_ROUNDS, gracePeriod = 3, reductionFactor = 3)
@Samples(FashionXgboostAsha.SAMPLES)
@Seed(2024)
@Checkpoint(frequency = 9, atEnd = true, keep = 2)
public class FashionXgboostAsha extends XGBoostTrainable {
    /** XGBoost's name for the validation watch's multi-class log loss. */
    public static final String METRIC = "validation-mlogloss";
    static final int SAMPLES = 16;
    static final int MAX_ROUNDS = 27;
    static final int TRAIN_ROWS = 10_000;
    static final int VALIDATION_ROWS = 5_000;
    /** The validation rows come from the end of the 60,000 training images, apart from the training rows. */
    static final int VALIDATION_FROM = 60_000 - VALIDATION_ROWS;
    static final List<String> PARAMS = List.of("eta", "max_depth", "min_child_weight", "subsample", "colsample_bytree");

    /** Built once per JVM, on the first trial. */
    static final DataSource DATA = DataSource.perJvm(FashionXgboostAsha::trainingData);
    static final XGBoostTask TASK = XGBoostTask.of(DATA, Map.of(
            "objective", "multi:softprob", "num_class", FashionMnist.CLASSES,
            "tree_method", "hist", "max_bin", 32, "seed", 1,
            "eval_metric", List.of("mlogloss", "merror")));

    @Param("eta")
    @LogUniform(min = 0.05, max = 0.6)
    double eta;

    @Param("max_depth")
    @IntRange(min = 3, max = 9)
    int maxDepth;

    @Param("min_child_weight")
    @LogUniform(min = 0.5, max = 8)
    double minChildWeight;

    @Param("subsample")
    @Uniform(min = 0.5, max = 1)
    double subsample;

    @Param("colsample_bytree")
    @Uniform(min = 0.3, max = 1)
    double colsampleBytree;

    @Override
    protected XGBoostTask task() {
        return TASK;
    }

    /** Runs the experiment; prints the progress table, the best config, and (from the callback) its held-out test accuracy. */
    public static void main(String[] args) {
        ResultGrid grid = Tuner.of(FashionXgboostAsha.class).fit();
        ResultGrid.BestResult best = grid.getBestResult();
        System.out.printf(Locale.ROOT, "%nBest trial: %s after %s boosting rounds%n", best.trial().id(), best.lastResult().get("boosting_rounds"));
        System.out.printf(Locale.ROOT, "Best config: %s%n", best.config());
        System.out.printf(Locale.ROOT, "Validation mlogloss: %.4f%n", best.value());
        SampleOutput.printTrials(grid, System.out);
    }

    private static TrainingData trainingData() throws XGBoostError {
        DMatrix train = matrix(FashionMnist.training(0, TRAIN_ROWS));
        return TrainingData.train(train).watch("validation", matrix(FashionMnist.training(VALIDATION_FROM, VALIDATION_ROWS)));
    }

    /** The rows as an XGBoost matrix, labels set. */
    static DMatrix matrix(FashionMnist.Rows rows) {
        try {
            DMatrix matrix = new DMatrix(rows.pixels(), rows.size(), FashionMnist.FEATURES, Float.NaN);
            matrix.setLabel(rows.labels());
            return matrix;
        } catch (XGBoostError e) {
            throw new IllegalStateException("XGBoost cannot make a matrix of " + rows.size() + " Fashion-MNIST rows: " + e.getMessage(), e);
        }
    }
}
