package io.jtune.engine.stop;

import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.spi.Stopper;
import java.time.Duration;
import java.util.Map;
import java.util.function.BiPredicate;

/** Factories for the built-in stoppers, with Ray Tune's defaults. */
public final class Stoppers {
    private Stoppers() {
    }

    /** Stops a trial after {@code maxIter} results. */
    public static MaximumIterationStopper maximumIteration(int maxIter) {
        return new MaximumIterationStopper(maxIter);
    }

    /** Ray's {@code stop={...}} dict: stops a trial when any {@code result[metric] >= threshold}. */
    public static MetricThresholdStopper metricThresholds(Map<String, ? extends Number> thresholds) {
        return new MetricThresholdStopper(thresholds);
    }

    /** Stops a trial when {@code metric} reaches {@code threshold}: {@code <=} for MIN, {@code >=} for MAX. */
    public static MetricThresholdStopper metricThreshold(String metric, double threshold, Mode mode) {
        return new MetricThresholdStopper(Map.of(metric, threshold), mode);
    }

    /** Stops a trial whose metric plateaued (std=0.01 over the last 4 results, after 4 results). */
    public static TrialPlateauStopper trialPlateau(String metric) {
        return new TrialPlateauStopper(metric);
    }

    /** Stops the experiment when the top 10 values of the metric have {@code std <= 0.001}. */
    public static ExperimentPlateauStopper experimentPlateau(String metric, Mode mode) {
        return new ExperimentPlateauStopper(metric, mode);
    }

    /** Stops the experiment after this much time (Ray's {@code time_budget_s}). */
    public static TimeoutStopper timeout(Duration budget) {
        return new TimeoutStopper(budget);
    }

    /** Stops a trial when the function of its id and result returns true. */
    public static FunctionStopper function(BiPredicate<String, Result> shouldStop) {
        return new FunctionStopper(shouldStop);
    }

    /** Stops when any of the stoppers does. */
    public static CombinedStopper anyOf(Stopper... stoppers) {
        return new CombinedStopper(stoppers);
    }
}
