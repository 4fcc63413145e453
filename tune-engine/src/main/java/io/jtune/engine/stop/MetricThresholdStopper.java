package io.jtune.engine.stop;

import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.spi.Stopper;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Stops a trial when any metric reaches its threshold (Ray Tune's {@code stop={"metric": value}}
 * dict). With {@link Mode#MAX} (Ray's rule) a trial stops when {@code result[metric] >= value};
 * with {@link Mode#MIN} when {@code result[metric] <= value}. A NaN value never reaches a threshold.
 * A result without one of the metrics is an error naming it, as in Ray. Stateless.
 */
public final class MetricThresholdStopper implements Stopper {
    private static final String NAME = "MetricThresholdStopper";

    private final String[] metrics;
    private final double[] thresholds;
    private final Mode mode;
    private final Set<String> metricNames;

    /** Ray's dict stopper: stop when any {@code result[metric] >= threshold}. */
    public MetricThresholdStopper(Map<String, ? extends Number> thresholds) {
        this(thresholds, Mode.MAX);
    }

    /** Stop when any metric reaches its threshold in the direction of {@code mode}. */
    public MetricThresholdStopper(Map<String, ? extends Number> thresholds, Mode mode) {
        if (thresholds == null || thresholds.isEmpty()) {
            throw new IllegalArgumentException(NAME + ": give at least one metric and threshold, e.g. Map.of(\"training_iteration\", 10)");
        }
        if (mode == null) {
            throw new IllegalArgumentException(NAME + ": mode must be MIN or MAX, got null");
        }
        this.metrics = thresholds.keySet().toArray(String[]::new);
        this.thresholds = new double[metrics.length];
        for (int i = 0; i < metrics.length; i++) {
            Number t = thresholds.get(metrics[i]);
            if (t == null || Double.isNaN(t.doubleValue())) {
                throw new IllegalArgumentException(NAME + ": the threshold of metric '" + metrics[i] + "' must be a number, got " + t);
            }
            this.thresholds[i] = t.doubleValue();
        }
        this.mode = mode;
        this.metricNames = Collections.unmodifiableSet(new LinkedHashSet<>(thresholds.keySet()));
    }

    @Override
    public boolean shouldStop(String trialId, Result result) {
        boolean stop = false;
        for (int i = 0; i < metrics.length; i++) {
            double value = StopperMetrics.require(NAME, metrics[i], trialId, result);
            stop |= mode == Mode.MAX ? value >= thresholds[i] : value <= thresholds[i];
        }
        return stop;
    }

    @Override
    public Set<String> metrics() {
        return metricNames;
    }
}
