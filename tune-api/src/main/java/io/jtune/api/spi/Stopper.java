package io.jtune.api.spi;

import io.jtune.api.Result;

/**
 * Stops trials or the whole experiment from their results (Ray Tune's {@code Stopper}).
 * Called by the driver ({@linkplain io.jtune.api.spi one call at a time}) after every result.
 */
public interface Stopper {

    /** Called once before the first trial. */
    default void setup(ExperimentInfo experiment) {
    }

    /** True when this trial should stop after this result. */
    boolean shouldStop(String trialId, Result result);

    /**
     * True when the whole experiment should stop now. Checked after every result and, while no
     * result comes (every trial busy in a long step), at least every few hundred milliseconds, so
     * a time budget ends the experiment on time.
     */
    default boolean stopAll() {
        return false;
    }

    /** The result metrics this stopper reads; the runner checks that trainables report them. */
    default java.util.Set<String> metrics() {
        return java.util.Set.of();
    }

    /** State to continue after a restart, as JSON text. */
    default String saveState() {
        return "{}";
    }

    default void restoreState(String json) {
    }
}
