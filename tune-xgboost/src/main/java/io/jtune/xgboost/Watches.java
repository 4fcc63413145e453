package io.jtune.xgboost;

import java.util.Map;
import ml.dmlc.xgboost4j.java.Booster;
import ml.dmlc.xgboost4j.java.DMatrix;
import ml.dmlc.xgboost4j.java.XGBoostError;

/** Named evaluation matrices, evaluated in one {@code Booster.evalSet} call into XGBoost-named metrics. */
final class Watches {
    private final DMatrix[] matrices;
    private final String[] names;

    Watches(Map<String, DMatrix> watches) {
        matrices = watches.values().toArray(DMatrix[]::new);
        names = watches.keySet().toArray(String[]::new);
    }

    /** Puts {@code <watch>-<metric>} for every watch and eval metric into {@code metrics}; nothing when there are no watches. */
    void evaluate(Booster booster, int iteration, Map<String, Object> metrics) throws XGBoostError {
        if (matrices.length > 0) {
            EvalLine.parse(booster.evalSet(matrices, names, iteration), metrics);
        }
    }
}
