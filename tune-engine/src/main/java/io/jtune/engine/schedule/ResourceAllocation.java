package io.jtune.engine.schedule;

import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialView;

/**
 * How a {@link ResourceChangingScheduler} sizes a trial after each of its results (Ray Tune's
 * {@code resources_allocation_function}). Called on the driver thread, only when the wrapped
 * scheduler lets the trial continue. {@link DistributeResources} is the default.
 */
@FunctionalInterface
public interface ResourceAllocation {

    /**
     * The resources {@code trial} should have from now on, or null (or its current resources) to
     * keep them. A different request pauses the trial, which restarts from a checkpoint with it.
     *
     * @param base the resources trials started with (the first trial's request)
     */
    ResourceRequest allocate(RunnerView runner, TrialView trial, Result result, ResourceRequest base);

    /** Called once with the experiment before the first trial (e.g. for its metric and mode). */
    default void setup(ExperimentInfo experiment) {
    }
}
