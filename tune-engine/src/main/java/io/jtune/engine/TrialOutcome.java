package io.jtune.engine;

import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.trainable.Checkpoint;
import java.nio.file.Path;
import java.util.List;

/**
 * What one trial of a finished experiment left: its config, final status, every result in order,
 * the stack trace of its last failure (null if none), its folder and latest checkpoint (nullable).
 */
public record TrialOutcome(String id, String name, Config config, TrialStatus status, List<Result> history, String errorTrace, Path dir,
        Checkpoint latestCheckpoint, int numFailures) {

    public TrialOutcome {
        history = List.copyOf(history);
    }

    /** The last result, or null when the trial reported none. */
    public Result lastResult() {
        return history.isEmpty() ? null : history.get(history.size() - 1);
    }
}
