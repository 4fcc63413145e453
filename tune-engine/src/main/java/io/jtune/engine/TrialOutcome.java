package io.jtune.engine;

import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.trainable.Checkpoint;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

/**
 * What one trial of a finished experiment left: its config, final status, last result, every
 * result in order, the stack trace of its last failure (null if none), its folder and latest
 * checkpoint (nullable). The history is read when {@link #history()} is called (from the trial's
 * {@code result.json}, or the compact copy the driver kept when no files were written), so a grid
 * of many trials holds only their last results.
 */
public final class TrialOutcome {
    private final String id;
    private final String name;
    private final Config config;
    private final TrialStatus status;
    private final Result lastResult;
    private final Supplier<List<Result>> history;
    private final String errorTrace;
    private final Path dir;
    private final Checkpoint latestCheckpoint;
    private final int numFailures;

    /** An outcome whose {@code history} is read back by the supplier when asked for; {@code lastResult} is its last element (null when none). */
    public TrialOutcome(String id, String name, Config config, TrialStatus status, Result lastResult, Supplier<List<Result>> history,
                        String errorTrace, Path dir, Checkpoint latestCheckpoint, int numFailures) {
        this.id = id;
        this.name = name;
        this.config = config;
        this.status = status;
        this.lastResult = lastResult;
        this.history = history;
        this.errorTrace = errorTrace;
        this.dir = dir;
        this.latestCheckpoint = latestCheckpoint;
        this.numFailures = numFailures;
    }

    /** An outcome holding its {@code history} (copied). */
    public TrialOutcome(String id, String name, Config config, TrialStatus status, List<Result> history, String errorTrace, Path dir,
                        Checkpoint latestCheckpoint, int numFailures) {
        this(id, name, config, status, history.isEmpty() ? null : history.get(history.size() - 1), held(history), errorTrace, dir,
                latestCheckpoint, numFailures);
    }

    private static Supplier<List<Result>> held(List<Result> history) {
        List<Result> copy = List.copyOf(history);
        return () -> copy;
    }

    public String id() {
        return id;
    }

    public String name() {
        return name;
    }

    public Config config() {
        return config;
    }

    public TrialStatus status() {
        return status;
    }

    /** Every result in order (read-only), read back now: keep the list rather than calling this in a loop. */
    public List<Result> history() {
        return history.get();
    }

    public String errorTrace() {
        return errorTrace;
    }

    public Path dir() {
        return dir;
    }

    public Checkpoint latestCheckpoint() {
        return latestCheckpoint;
    }

    public int numFailures() {
        return numFailures;
    }

    /** The last result, or null when the trial reported none. */
    public Result lastResult() {
        return lastResult;
    }

    @Override
    public String toString() {
        return name + " [" + status + "]";
    }
}
