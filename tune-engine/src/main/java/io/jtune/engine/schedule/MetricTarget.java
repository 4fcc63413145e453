package io.jtune.engine.schedule;

import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.spi.ExperimentInfo;

/**
 * The metric and mode a scheduler ranks trials by: its own when given, the experiment's otherwise.
 * {@link #score} maps a result so that larger is always better, as Ray Tune's {@code metric_op}.
 */
record MetricTarget(String metric, Mode mode) {

    /** The scheduler's own metric and mode where given (non-null), the experiment's for the rest. */
    static MetricTarget resolve(String metric, Mode mode, ExperimentInfo experiment, String component) {
        String m = metric != null ? metric : experiment.requireMetric(component);
        Mode md = mode != null ? mode : experiment.mode();
        if (md == null) {
            throw new IllegalStateException(component + " needs a mode (min or max) for metric '" + m
                    + "', but the experiment declares none: set mode on the Tuner or in @Trainable(mode = ...)");
        }
        return new MetricTarget(m, md);
    }

    /** The result's metric, signed so that larger is better; NaN when absent or not a number. */
    double score(Result result) {
        return mode.signed(result.getDouble(metric));
    }
}
