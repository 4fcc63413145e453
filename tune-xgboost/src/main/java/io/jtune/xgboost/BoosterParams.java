package io.jtune.xgboost;

import io.jtune.api.Config;
import io.jtune.api.trainable.TrialContext;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalInt;
import ml.dmlc.xgboost4j.java.Booster;
import ml.dmlc.xgboost4j.java.DMatrix;
import ml.dmlc.xgboost4j.java.XGBoost;
import ml.dmlc.xgboost4j.java.XGBoostError;

/**
 * The parameters a trial's booster trains with: the task's fixed ones, then the trial's config
 * (its keys are XGBoost parameter names), then the defaults this module adds when neither set
 * them: {@value #NTHREAD} = the trial's CPUs and {@value #SEED_PER_ITERATION} = true (so a booster
 * resumed from a checkpoint draws the same rows and columns as one trained without a break).
 */
final class BoosterParams {
    static final String NTHREAD = "nthread";
    static final String SEED_PER_ITERATION = "seed_per_iteration";

    private BoosterParams() {
    }

    /** The fixed parameters overridden by the config's entries. */
    static Map<String, Object> merge(Map<String, ?> fixed, Config config) {
        Map<String, Object> params = new LinkedHashMap<>(fixed);
        for (String key : config.keys()) {
            Object value = config.get(key);
            if (value instanceof Config) {
                throw new IllegalArgumentException("config entry '" + key + "' is a nested config, but XGBoost parameters are flat:"
                        + " name the search space's parameters as XGBoost does (max_depth, eta, ...)");
            }
            params.put(key, value);
        }
        return params;
    }

    /** {@code params} with the module's defaults added where absent; nthread from the trial's CPUs when a trial runs on this thread. */
    static Map<String, Object> withDefaults(Map<String, Object> params) {
        Map<String, Object> all = new LinkedHashMap<>(params);
        all.putIfAbsent(SEED_PER_ITERATION, true);
        if (!all.containsKey(NTHREAD)) {
            trialThreads().ifPresent(threads -> all.put(NTHREAD, threads));
        }
        return all;
    }

    /** Whole CPUs of the trial running on this thread (at least 1); empty outside a trial. */
    private static OptionalInt trialThreads() {
        TrialContext context;
        try {
            context = TrialContext.current();
        } catch (IllegalStateException outsideTrial) {
            return OptionalInt.empty();
        }
        return OptionalInt.of(Math.max(1, (int) Math.floor(context.resources().cpu())));
    }

    /** A booster with no rounds yet, to train on {@code train} with {@code params}. */
    static Booster newBooster(DMatrix train, Map<String, Object> params) throws XGBoostError {
        Booster booster = XGBoost.train(train, Map.of(), 0, Map.of(), null, null);
        try {
            apply(booster, params);
        } catch (XGBoostError | RuntimeException e) {
            booster.dispose();
            throw e;
        }
        return booster;
    }

    /** Sets every parameter on the booster; a collection value (several {@code eval_metric}s) sets the key once per element, as XGBoost expects. */
    static void apply(Booster booster, Map<String, Object> params) throws XGBoostError {
        for (Map.Entry<String, Object> e : params.entrySet()) {
            if (e.getValue() instanceof Collection<?> values) {
                for (Object value : values) {
                    booster.setParam(e.getKey(), value);
                }
            } else {
                booster.setParam(e.getKey(), e.getValue());
            }
        }
    }
}
