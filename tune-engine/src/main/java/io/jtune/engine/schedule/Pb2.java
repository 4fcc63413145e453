package io.jtune.engine.schedule;

import io.jtune.api.Result;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Population Based Bandits (PB2, Parker-Holder et al. 2020, as Ray Tune's {@code PB2}): Population
 * Based Training whose bottom trials get their new hyperparameters from a GP bandit over the
 * parameters' bounds ({@link Pb2Explorer}) instead of random perturbation, which works with small
 * populations. Everything else is {@link PopulationBasedTraining}'s: ranking, quantiles,
 * checkpoint exploitation, asynchronous or synchronous rounds, policy logs, and state saved for
 * resume (the GP's data included). Built with Ray's defaults: time attribute
 * {@code time_total_s}, perturbation interval 60, quantile fraction 0.25.
 *
 * <pre>
 * Pb2.builder().timeAttr("training_iteration").perturbationInterval(4).bound("lr", 1e-4, 1e-1).build()
 * </pre>
 */
public final class Pb2 {
    private static final String NAME = "PB2";

    private Pb2() {
    }

    public static Builder builder() {
        return new Builder();
    }

    /** PB2's parameters; {@link #build} checks them. */
    public static final class Builder extends SchedulerBuilder<Builder> {
        private final PopulationBasedTraining.Builder pbt = PopulationBasedTraining.builder();
        private final Map<String, double[]> bounds = new LinkedHashMap<>();

        private Builder() {
            super(NAME, Result.TIME_TOTAL_S);
            pbt.perturbationInterval(60).quantileFraction(0.25).resampleProbability(0);
        }

        @Override
        Builder self() {
            return this;
        }

        /** A numeric parameter PB2 chooses, at this path, within {@code [min, max]} (Ray's {@code hyperparam_bounds}). */
        public Builder bound(String path, double min, double max) {
            SchedulerArgs.requireName(NAME, "hyperparam_bounds key", path);
            SchedulerArgs.require(NAME, Double.isFinite(min) && Double.isFinite(max) && min < max,
                    "hyperparam_bounds of '" + path + "' must be finite with min < max, got [" + min + ", " + max + "]");
            bounds.put(path, new double[] {min, max});
            return this;
        }

        public Builder perturbationInterval(double perturbationInterval) {
            pbt.perturbationInterval(perturbationInterval);
            return this;
        }

        public Builder quantileFraction(double quantileFraction) {
            pbt.quantileFraction(quantileFraction);
            return this;
        }

        public Builder logConfig(boolean logConfig) {
            pbt.logConfig(logConfig);
            return this;
        }

        public Builder requireAttrs(boolean requireAttrs) {
            pbt.requireAttrs(requireAttrs);
            return this;
        }

        public Builder synch(boolean synch) {
            pbt.synch(synch);
            return this;
        }

        public PopulationBasedTraining build() {
            SchedulerArgs.require(NAME, !bounds.isEmpty(), "give hyperparam_bounds: bound(\"<parameter>\", min, max) for each parameter PB2 chooses");
            pbt.timeAttr(timeAttr);
            if (metric != null) {
                pbt.metric(metric, mode);
            }
            return pbt.build(NAME, new Pb2Explorer(bounds));
        }
    }
}
