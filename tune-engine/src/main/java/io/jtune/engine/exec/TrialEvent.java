package io.jtune.engine.exec;

import io.jtune.api.trainable.CheckpointDir;
import java.util.Map;

/**
 * What an executor reports to the driver. Events cross the executor boundary as data: metrics,
 * checkpoint paths and errors, never live trainables. Every event names its trial and run.
 */
public sealed interface TrialEvent {

    String trialId();

    long runId();

    /**
     * One training iteration's metrics. {@code stepNanos} is how long the trainable took for it;
     * {@code checkpoint} is one the function API reported with the result (already inside the
     * trial folder), else null. The metrics map is the trainable's own: read it before asking for
     * the next step.
     */
    record Reported(String trialId, long runId, Map<String, ?> metrics, CheckpointDir checkpoint, long stepNanos) implements TrialEvent {
    }

    /** A save finished; {@code checkpoint} is null when the trainable had nothing to save. {@code iteration} is what the state holds. */
    record Saved(String trialId, long runId, CheckpointDir checkpoint, long iteration) implements TrialEvent {
    }

    /** A function trainable returned: training is over. */
    record Finished(String trialId, long runId) implements TrialEvent {
    }

    /** The trainable threw (in setup, restore, a step or a save). */
    record Failed(String trialId, long runId, Throwable error) implements TrialEvent {
    }

    /**
     * The run was lost with the machine or process it ran on, through no fault of the trainable:
     * the run has ended, its unanswered saves never will be. {@code reason} names what was lost.
     */
    record Lost(String trialId, long runId, String reason) implements TrialEvent {
    }
}
