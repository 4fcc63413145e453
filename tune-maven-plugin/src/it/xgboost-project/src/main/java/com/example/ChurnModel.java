package com.example;

import io.jtune.api.Asha;
import io.jtune.api.Checkpoint;
import io.jtune.api.IntRange;
import io.jtune.api.LogUniform;
import io.jtune.api.Param;
import io.jtune.api.Samples;
import io.jtune.api.Tpe;
import io.jtune.api.Trainable;
import io.jtune.api.Uniform;
import io.jtune.xgboost.DataSource;
import io.jtune.xgboost.TrainingData;
import io.jtune.xgboost.XGBoostTask;
import io.jtune.xgboost.XGBoostTrainable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import ml.dmlc.xgboost4j.java.DMatrix;
import ml.dmlc.xgboost4j.java.XGBoostError;

@Trainable(metric = "validation-logloss", mode = "min")
@Tpe
@Asha(maxT = 200, gracePeriod = 10, reductionFactor = 3)
@Samples(40)
@Checkpoint(frequency = 10, atEnd = true, keep = 2)
public class ChurnModel extends XGBoostTrainable {
    /** Built once per JVM, on the first trial, and shared by the JVM's trials. */
    static final DataSource DATA = DataSource.perJvm(() -> {
        DMatrix train = csv("data/train.csv");
        DMatrix valid = csv("data/valid.csv");
        return TrainingData.train(train).watch("train", train).watch("validation", valid);
    });
    static final XGBoostTask TASK = XGBoostTask.of(DATA, Map.of(
            "objective", "binary:logistic", "tree_method", "hist", "seed", 1,
            "eval_metric", List.of("logloss", "auc")));

    @Param("eta") @LogUniform(min = 0.01, max = 0.3) double eta;
    @Param("max_depth") @IntRange(min = 3, max = 11) int maxDepth;
    @Param("subsample") @Uniform(min = 0.5, max = 1) double subsample;
    @Param("colsample_bytree") @Uniform(min = 0.3, max = 1) double colsampleBytree;

    @Override
    protected XGBoostTask task() {
        return TASK;
    }

    /** A CSV file of numbers without a header, the label first; an empty cell is a missing value. */
    static DMatrix csv(String file) throws IOException, XGBoostError {
        List<String[]> rows = Files.readAllLines(Path.of(file)).stream().map(line -> line.split(",", -1)).toList();
        int columns = rows.get(0).length - 1;
        float[] features = new float[rows.size() * columns];
        float[] labels = new float[rows.size()];
        for (int r = 0; r < rows.size(); r++) {
            labels[r] = Float.parseFloat(rows.get(r)[0]);
            for (int c = 0; c < columns; c++) {
                String cell = rows.get(r)[c + 1];
                features[r * columns + c] = cell.isEmpty() ? Float.NaN : Float.parseFloat(cell);
            }
        }
        DMatrix matrix = new DMatrix(features, rows.size(), columns, Float.NaN);
        matrix.setLabel(labels);
        return matrix;
    }
}
