package io.jtune.engine.runner.state;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Makes the JSON writing of experiment states ready on a daemon thread while the caller sets its run
 * up: in a fresh JVM, loading Jackson and building its mapper and serialisers is most of the time from
 * {@code fit()} to the first step, as a run's first snapshot (taken before its first trial) and the
 * components' saved state need them. This class leaves {@link ExperimentState} (whose mapper is built
 * as it loads) to that thread. Only for a run that writes a state, else it loads Jackson for nothing;
 * a failure here is left to the first snapshot, which writes the same way and reports it.
 */
public final class SnapshotWarmUp {
    private static final AtomicBoolean STARTED = new AtomicBoolean();

    private SnapshotWarmUp() {
    }

    /** Starts the warm-up, once a class loader. */
    public static void start() {
        if (STARTED.getAndSet(true)) {
            return;
        }
        Thread warmUp = new Thread(SnapshotWarmUp::writeSample, "jtune-state-json");
        warmUp.setDaemon(true);
        warmUp.start();
    }

    /** Writes {@link ExperimentState#sample()} to nowhere. */
    static void writeSample() {
        try {
            ExperimentState.sample().toJson();
        } catch (RuntimeException e) {
            // the run's first snapshot writes the same way and reports it
        }
    }
}
