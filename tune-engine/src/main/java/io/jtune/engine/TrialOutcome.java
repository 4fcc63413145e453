package io.jtune.engine;

import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.engine.trial.Trial;
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
    /** The trial of the run that just ended, which its history, folder and last result are read from; null for an outcome given them. */
    private final Trial trial;
    /** The last result once read; until then, when {@link #trial} is set, read from it. */
    private Result lastResult;
    private boolean lastResultRead;
    private final Supplier<List<Result>> history;
    private final String errorTrace;
    private final Path dir;
    private final CheckpointDir latestCheckpoint;
    private final int numFailures;

    /** An outcome whose {@code history} is read back by the supplier when asked for; {@code lastResult} is its last element (null when none). */
    public TrialOutcome(String id, String name, Config config, TrialStatus status, Result lastResult, Supplier<List<Result>> history,
                        String errorTrace, Path dir, CheckpointDir latestCheckpoint, int numFailures) {
        this(null, id, name, config, status, history, errorTrace, dir, latestCheckpoint, numFailures);
        this.lastResult = lastResult;
        this.lastResultRead = true;
    }

    private TrialOutcome(Trial trial, String id, String name, Config config, TrialStatus status, Supplier<List<Result>> history,
                         String errorTrace, Path dir, CheckpointDir latestCheckpoint, int numFailures) {
        this.trial = trial;
        this.id = id;
        this.name = name;
        this.config = config;
        this.status = status;
        this.history = history;
        this.errorTrace = errorTrace;
        this.dir = dir;
        this.latestCheckpoint = latestCheckpoint;
        this.numFailures = numFailures;
    }

    /** An outcome holding its {@code history} (copied). */
    public TrialOutcome(String id, String name, Config config, TrialStatus status, List<Result> history, String errorTrace, Path dir,
                        CheckpointDir latestCheckpoint, int numFailures) {
        this(id, name, config, status, history.isEmpty() ? null : history.get(history.size() - 1), held(history), errorTrace, dir,
                latestCheckpoint, numFailures);
    }

    /**
     * The outcome of a trial of the run that just ended. Its last result, history and folder are
     * read from the trial when first asked for, not here: a trial kept without files rebuilds its
     * last result from its columns, which for a grid of thousands of trials cost the end of a cold
     * run tens of milliseconds to make results mostly never read.
     */
    public static TrialOutcome of(Trial t) {
        return new TrialOutcome(t, t.id(), t.name(), t.config(), t.status(), null, t.errorTrace(), null, t.latestCheckpoint().orElse(null),
                t.numFailures());
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
        return trial != null ? trial.history() : history.get();
    }

    public String errorTrace() {
        return errorTrace;
    }

    public Path dir() {
        return trial != null ? trial.localDir() : dir;
    }

    public CheckpointDir latestCheckpoint() {
        return latestCheckpoint;
    }

    public int numFailures() {
        return numFailures;
    }

    /** The last result, or null when the trial reported none. */
    public synchronized Result lastResult() {
        if (!lastResultRead) {
            lastResult = trial.lastResult();
            lastResultRead = true;
        }
        return lastResult;
    }

    @Override
    public String toString() {
        return name + " [" + status + "]";
    }
}
