package io.jtune.engine.stop;

import io.jtune.api.Result;
import io.jtune.api.spi.Stopper;

/**
 * Stops a trial once its {@code training_iteration} reaches {@code maxIter} (Ray Tune's
 * {@code MaximumIterationStopper}, keyed on the iteration rather than on a count of results, so a
 * trial that restarts from an older checkpoint, after a failure or a resume, still trains to the
 * limit). Keeps no state.
 */
public final class MaximumIterationStopper implements Stopper {
    private static final String NAME = "MaximumIterationStopper";

    private final int maxIter;

    public MaximumIterationStopper(int maxIter) {
        if (maxIter < 1) {
            throw new IllegalArgumentException(NAME + ": maxIter must be >= 1, got " + maxIter);
        }
        this.maxIter = maxIter;
    }

    @Override
    public boolean shouldStop(String trialId, Result result) {
        return result.trainingIteration() >= maxIter;
    }
}
