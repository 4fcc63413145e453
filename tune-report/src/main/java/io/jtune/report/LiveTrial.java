package io.jtune.report;

import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.TrialView;
import java.nio.file.Path;

/**
 * What the server knows of one trial: written by the driver thread (from the callbacks), read by
 * the server's threads. Fields are volatile and set without copying (a result is immutable).
 */
final class LiveTrial {
    final int index;
    final String id;
    final Path dir;
    volatile String name;
    volatile Config config;
    volatile TrialStatus status;
    volatile Result lastResult;
    volatile String errorTrace;
    volatile String checkpoint;
    /** The latest results of the trial's current run; null when it does not run. */
    volatile ResultTail tail;

    LiveTrial(int index, TrialView trial) {
        this.index = index;
        this.id = trial.id();
        this.dir = trial.localDir();
        update(trial);
    }

    /** Copies the trial's state (driver thread). */
    void update(TrialView trial) {
        name = trial.name();
        config = trial.config();
        status = trial.status();
        lastResult = trial.lastResult();
        checkpoint = trial.latestCheckpoint().map(c -> c.path().toString()).orElse(null);
    }
}
