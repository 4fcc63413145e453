package io.jtune.api.spi;

import io.jtune.api.Config;
import io.jtune.api.Result;

/**
 * Suggests configs for new trials (Ray Tune's {@code Searcher}). Called only by the driver
 * ({@linkplain io.jtune.api.spi one call at a time}), so implementations need no locks. The same
 * seed must give the same suggestions.
 */
public interface SearchAlgorithm {

    /** Called once before the first suggestion: the metric, mode, search space and seed of the experiment. */
    default void setup(ExperimentInfo experiment) {
    }

    /**
     * The config for a new trial with this id, or null when none can be given now (for example
     * a concurrency limit; the runner asks again later). Check {@link #isFinished()} to tell "not
     * now" from "never again".
     */
    Config suggest(String trialId);

    /** True when {@link #suggest} will never return another config. */
    boolean isFinished();

    /** An intermediate result of a trial this searcher suggested. */
    default void onTrialResult(String trialId, Result result) {
    }

    /** The trial ended; {@code lastResult} may be null (no result), {@code error} tells whether it failed. */
    default void onTrialComplete(String trialId, Result lastResult, boolean error) {
    }

    /** Everything needed to continue the same search after a restart, as JSON text. */
    default String saveState() {
        return "{}";
    }

    /** Restores what {@link #saveState} returned (after {@link #setup}). */
    default void restoreState(String json) {
    }
}
