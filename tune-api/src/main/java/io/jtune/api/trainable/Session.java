package io.jtune.api.trainable;

import java.util.Map;
import java.util.Optional;

/** The link between a function trainable and the driver (Ray Tune's {@code tune.report} / {@code session}). */
public interface Session extends TrialContext {

    /**
     * Hands one result to the driver and blocks until the driver has taken it and decided what the
     * trial does next. Returns when the trial continues; throws {@link TrialStoppedSignal} when it
     * is stopped or paused.
     */
    void report(Map<String, ?> metrics);

    /**
     * As {@link #report(Map)}, with a checkpoint the function wrote into a directory of its own;
     * the runner takes over that directory (moves it into the trial folder).
     */
    void report(Map<String, ?> metrics, CheckpointDir checkpoint);

    /** The checkpoint to resume from when the trial was restarted, paused or exploited; empty on a fresh start. */
    Optional<CheckpointDir> checkpoint();
}
