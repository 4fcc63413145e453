package io.jtune.xgboost;

import java.util.Map;
import java.util.Objects;

/**
 * What an {@link XGBoostTrainable} trains: its data, the XGBoost parameters every trial shares
 * (objective, eval_metric, seed, ...; a trial's config adds and overrides), and how many boosting
 * rounds one step runs (default 1, so a step, a scheduler's time unit and a round are the same).
 *
 * @param data where each trial gets its matrices
 * @param params fixed XGBoost parameters by XGBoost's names; a collection value (several
 *               {@code eval_metric}s) sets the parameter once per element
 * @param roundsPerStep boosting rounds per step, at least 1
 */
public record XGBoostTask(DataSource data, Map<String, Object> params, int roundsPerStep) {
    public XGBoostTask {
        Objects.requireNonNull(data, "data source");
        params = Map.copyOf(Objects.requireNonNull(params, "XGBoost parameters"));
        if (roundsPerStep < 1) {
            throw new IllegalArgumentException("roundsPerStep = " + roundsPerStep + ": a step must run at least 1 boosting round");
        }
    }

    /** A task of one boosting round per step. */
    public static XGBoostTask of(DataSource data, Map<String, ?> params) {
        return new XGBoostTask(data, Map.copyOf(params), 1);
    }

    /** This task with {@code rounds} boosting rounds per step. */
    public XGBoostTask withRoundsPerStep(int rounds) {
        return new XGBoostTask(data, params, rounds);
    }
}
