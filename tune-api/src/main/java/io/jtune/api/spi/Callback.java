package io.jtune.api.spi;

import io.jtune.api.Result;
import io.jtune.api.trainable.CheckpointDir;
import java.util.List;

/**
 * Hears about an experiment as it runs (Ray Tune's {@code Callback}): loggers and progress output
 * are callbacks. Every method is called by the driver ({@linkplain io.jtune.api.spi one call at a time});
 * keep them fast (buffer I/O).
 */
public interface Callback {

    default void setup(ExperimentInfo experiment) {
    }

    /** A new trial was added (PENDING); it has not started yet. */
    default void onTrialAdd(TrialView trial) {
    }

    /** The trial started or restarted. */
    default void onTrialStart(TrialView trial) {
    }

    default void onTrialResult(TrialView trial, Result result) {
    }

    /** The trial reached TERMINATED. */
    default void onTrialComplete(TrialView trial) {
    }

    /** The trial failed with this error (it may be retried). */
    default void onTrialError(TrialView trial, Throwable error) {
    }

    /** A checkpoint of the trial was saved. */
    default void onCheckpoint(TrialView trial, CheckpointDir checkpoint) {
    }

    /** The trial was restored from a checkpoint. */
    default void onTrialRestore(TrialView trial, CheckpointDir checkpoint) {
    }

    /** The experiment ended (or was interrupted); flush and close what is open. */
    default void onExperimentEnd(List<? extends TrialView> trials) {
    }
}
