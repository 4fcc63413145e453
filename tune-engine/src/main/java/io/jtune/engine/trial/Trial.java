package io.jtune.engine.trial;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.engine.checkpoint.TrackedCheckpoint;
import io.jtune.engine.checkpoint.TrialCheckpoints;
import io.jtune.engine.spec.CheckpointPolicy;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One trial: its config, state and results (Ray Tune's {@code Trial}). It moves between the five
 * states only along the lifecycle of DESIGN.md; any other move throws an
 * {@link IllegalStateException} naming both states. Owned by the driver (one call at a time, under
 * the runner's lock). It keeps no more than it needs: its folder's path only once the folder exists
 * (else it is derived from the experiment's), a checkpoint book only once a checkpoint is tracked,
 * and, once finished, its last result only when its history cannot rebuild it.
 */
public final class Trial implements TrialView {
    private static final List<Set<TrialStatus>> ALLOWED = List.of(
            EnumSet.of(TrialStatus.RUNNING, TrialStatus.TERMINATED, TrialStatus.ERROR),                       // from PENDING
            EnumSet.of(TrialStatus.PAUSED, TrialStatus.TERMINATED, TrialStatus.ERROR),                        // from RUNNING
            EnumSet.of(TrialStatus.PENDING, TrialStatus.RUNNING, TrialStatus.TERMINATED, TrialStatus.ERROR),  // from PAUSED
            EnumSet.noneOf(TrialStatus.class),                                                                // from TERMINATED
            EnumSet.of(TrialStatus.PENDING));                                                                 // from ERROR

    private final String id;
    private final int index;
    /** The start of the experiment's standard trial names ({@link TrialNames#trainablePrefix}), shared by its trials. */
    private final String trainablePrefix;
    /** Null while the trial is finished and its name is the standard one, which {@link #name()} then makes again. */
    private String name;
    private final Path experimentDir;
    private final CheckpointPolicy checkpointPolicy;
    private final ResultHistory history;
    /** The trial's folder while it exists and the trial is not finished, else null ({@link #localDir()} derives it). */
    private Path dir;
    /** True once the trial's folder exists. */
    private boolean folderExists;
    /** Null until a checkpoint is tracked. */
    private TrialCheckpoints checkpoints;
    private String tag;
    private Config config;
    /** What the trial's next start commits (a running trial keeps what its run was started with). */
    private ResourceRequest resources;
    private TrialStatus status = TrialStatus.PENDING;
    private Result lastResult;
    private int numFailures;
    private String errorTrace;

    // the current run's counters and bookkeeping: each is described at its accessor
    private long runId;
    private long iteration;
    private double timeTotalS;
    private long iterationsSinceRestore;
    private double timeSinceRestore;
    private int pendingSaves;
    private boolean exploited;
    private boolean metricsChecked;
    private int nonFiniteMetrics;
    private long lastHeardNanos;
    private long retryAtNanos;
    private Path restoredFrom;
    /** Room for this many {@link TrialLocal} values at first: the engine's two loggers and a scheduler. */
    private static final int FIRST_LOCALS = 3;
    /** The {@link TrialLocal} values set for the trial, each key followed by its value; null when none is set. */
    private Object[] locals;

    /**
     * A pending trial whose folder is {@code name} in {@code experimentDir}, its checkpoints kept by {@code checkpointPolicy};
     * {@code trainablePrefix} starts the experiment's standard names ({@link TrialNames#trialName}).
     */
    public Trial(String id, int index, String trainablePrefix, String name, String tag, Config config, ResourceRequest resources, Path experimentDir,
          CheckpointPolicy checkpointPolicy, ResultHistory.Factory histories) {
        this.id = id;
        this.index = index;
        this.trainablePrefix = trainablePrefix;
        this.name = name;
        this.tag = tag;
        this.config = config;
        this.resources = resources;
        this.experimentDir = experimentDir;
        this.checkpointPolicy = checkpointPolicy;
        this.history = histories.of(this);
    }

    /** True when the lifecycle allows moving from {@code from} to {@code to}. */
    public static boolean isAllowed(TrialStatus from, TrialStatus to) {
        return ALLOWED.get(from.ordinal()).contains(to);
    }

    /**
     * Moves to {@code to}, or throws naming both states when the lifecycle forbids it. A finished
     * trial keeps its last result only as its {@linkplain ResultHistory#finished history} decides
     * (compact, or rebuilt when asked) and makes its folder's path, and its name when it is the
     * standard one, again when asked; a retried one takes them back.
     */
    public void transitionTo(TrialStatus to) {
        if (!isAllowed(status, to)) {
            throw new IllegalStateException("trial " + name() + " cannot go from " + status + " to " + to);
        }
        if (to.isFinished()) {
            if (lastResult != null) {
                lastResult = history.finished(lastResult);
            }
            dir = null;
            if (name.equals(TrialNames.trialName(trainablePrefix, id, tag))) {
                name = null;
            }
        } else if (status.isFinished()) {
            name = name();
            if (lastResult == null) {
                lastResult = history.last();
            }
            if (folderExists) {
                dir = localDir();
            }
        }
        status = to;
    }

    /** Prepares counters for a new run that restores {@code from} (null: from scratch). */
    public void beginRun(long newRunId, TrackedCheckpoint from) {
        runId = newRunId;
        iteration = from == null ? 0 : from.iteration();
        timeTotalS = from == null ? 0 : from.timeTotalS();
        iterationsSinceRestore = 0;
        timeSinceRestore = 0;
        exploited = false;
        restoredFrom = from == null ? null : from.checkpoint().path();
        lastHeardNanos = System.nanoTime();
    }

    /** Counts one more iteration that took {@code seconds}. */
    public void advance(double seconds) {
        iteration++;
        iterationsSinceRestore++;
        timeTotalS += seconds;
        timeSinceRestore += seconds;
    }

    /** The current run's id (0 before the first start): events of earlier runs carry another. */
    public long runId() {
        return runId;
    }

    /** The training iteration the trial has reached (its last result's, or its restored state's). */
    public long iteration() {
        return iteration;
    }

    /** The training time in seconds up to {@link #iteration()}. */
    public double timeTotalS() {
        return timeTotalS;
    }

    /** Iterations since the current run started or restored. */
    public long iterationsSinceRestore() {
        return iterationsSinceRestore;
    }

    /** Training seconds since the current run started or restored. */
    public double timeSinceRestore() {
        return timeSinceRestore;
    }

    /** Sets the progress a resumed experiment found for the trial: its iteration and training time. */
    public void restoreProgress(long trainingIteration, double totalSeconds) {
        iteration = trainingIteration;
        timeTotalS = totalSeconds;
    }

    /** Saves asked of the executor and not yet answered. */
    public int pendingSaves() {
        return pendingSaves;
    }

    /** A save was asked of the executor. */
    public void saveRequested() {
        pendingSaves++;
    }

    /** A save was answered (a late answer after {@link #dropPendingSaves} counts nothing). */
    public void saveAnswered() {
        if (pendingSaves > 0) {
            pendingSaves--;
        }
    }

    /** No unanswered save is waited for any more; returns how many were. */
    public int dropPendingSaves() {
        int dropped = pendingSaves;
        pendingSaves = 0;
        return dropped;
    }

    /** True after an exploit (PBT) until the next start: that start restores the copied checkpoint with the new config. */
    public boolean exploited() {
        return exploited;
    }

    /** True once the trial's first result was checked for the experiment's metric. */
    public boolean metricsChecked() {
        return metricsChecked;
    }

    /** Notes that the trial's first result was checked for the experiment's metric. */
    public void markMetricsChecked() {
        metricsChecked = true;
    }

    /** How many results reported NaN or infinity for the experiment's metric. */
    public int nonFiniteMetrics() {
        return nonFiniteMetrics;
    }

    /** Counts one more result with NaN or infinity for the experiment's metric; returns the count before it. */
    public int countNonFiniteMetric() {
        return nonFiniteMetrics++;
    }

    /** When the driver last heard from the current run (its start, a step sent, a result, a checkpoint). */
    public long lastHeardNanos() {
        return lastHeardNanos;
    }

    /** The driver heard from the current run (or sent it a step) at {@code nanos}: its stall clock starts again. */
    public void heardAt(long nanos) {
        lastHeardNanos = nanos;
    }

    /** When a failed PENDING trial may start again ({@link RetryBackoff}); 0 when it waits for none. */
    public long retryAtNanos() {
        return retryAtNanos;
    }

    /** The failed trial may start again at {@code nanos} ({@link System#nanoTime}), or at once for 0. */
    public void retryAt(long nanos) {
        retryAtNanos = nanos;
    }

    /** The checkpoint folder the current run restored, or null. */
    Path restoredFrom() {
        return restoredFrom;
    }

    public void record(Result result) {
        lastResult = result;
        history.add(result);
    }

    /**
     * Drops the results after the state at {@code trainingIteration}, which a restart from it
     * produces again: the trailing results of the current lineage (since the last exploit, where
     * iterations stop following one another) with a higher iteration. Reads the history back only
     * when the last result is after that state. Returns the results kept.
     */
    public List<Result> rewindTo(long trainingIteration) {
        Result lastResult = lastResult();
        if (lastResult == null || lastResult.trainingIteration() <= trainingIteration) {
            return history();
        }
        List<Result> all = history.read();
        int kept = all.size();
        while (kept > 0) {
            long last = all.get(kept - 1).trainingIteration();
            if (last <= trainingIteration) {
                break;
            }
            kept--;
            if (kept > 0 && all.get(kept - 1).trainingIteration() != last - 1) {
                break;
            }
        }
        history.keep(kept);
        this.lastResult = kept == 0 ? null : all.get(kept - 1);
        return all.subList(0, kept);
    }

    /** Puts back what a resumed experiment's state says of the trial: its status, failures and logged results. */
    public void restore(TrialStatus restoredStatus, int failures, String trace, List<Result> results) {
        status = restoredStatus;
        numFailures = failures;
        errorTrace = trace;
        history.reset(results);
        lastResult = results.isEmpty() ? null : results.get(results.size() - 1);
    }

    /** The logged result at this training iteration (the most recent one when logged twice), or null. */
    public Result resultAt(long trainingIteration) {
        Result lastResult = lastResult();
        if (lastResult != null && lastResult.trainingIteration() == trainingIteration) {
            return lastResult;
        }
        List<Result> all = history.read();
        for (int i = all.size() - 1; i >= 0; i--) {
            if (all.get(i).trainingIteration() == trainingIteration) {
                return all.get(i);
            }
        }
        return null;
    }

    public void noteFailure(String trace) {
        numFailures++;
        errorTrace = trace;
    }

    public void changeResources(ResourceRequest request) {
        resources = request;
    }

    public void exploit(Config newConfig, String newTag) {
        config = newConfig;
        tag = newTag;
        exploited = true;
    }

    @Override
    public String id() {
        return id;
    }

    /** The trial's position in the experiment, from 0. */
    public int index() {
        return index;
    }

    @Override
    public String name() {
        return name != null ? name : TrialNames.trialName(trainablePrefix, id, tag);
    }

    @Override
    public String experimentTag() {
        return tag;
    }

    @Override
    public Config config() {
        return config;
    }

    @Override
    public TrialStatus status() {
        return status;
    }

    /** The value kept for {@code key}, or null. */
    Object local(TrialLocal<?> key) {
        Object[] pairs = locals;
        if (pairs != null) {
            for (int i = 0; i < pairs.length; i += 2) {
                if (pairs[i] == key) {
                    return pairs[i + 1];
                }
            }
        }
        return null;
    }

    /** Keeps {@code value} for {@code key}; null removes it, and the last removal frees the pairs. */
    void setLocal(TrialLocal<?> key, Object value) {
        int free = -1;
        if (locals != null) {
            for (int i = 0; i < locals.length; i += 2) {
                if (locals[i] == key) {
                    free = i;
                    break;
                }
                if (locals[i] == null && free < 0) {
                    free = i;
                }
            }
        }
        if (value == null) {
            if (free >= 0 && locals[free] == key) {
                locals[free] = null;
                locals[free + 1] = null;
                freeLocalsIfEmpty();
            }
            return;
        }
        if (free < 0) {
            free = locals == null ? 0 : locals.length;
            locals = locals == null ? new Object[2 * FIRST_LOCALS] : Arrays.copyOf(locals, 2 * locals.length);
        }
        locals[free] = key;
        locals[free + 1] = value;
    }

    /** How many key-value pairs the trial has room for (for tests). */
    int localPairs() {
        return locals == null ? 0 : locals.length / 2;
    }

    private void freeLocalsIfEmpty() {
        for (int i = 0; i < locals.length; i += 2) {
            if (locals[i] != null) {
                return;
            }
        }
        locals = null;
    }

    @Override
    public Result lastResult() {
        return lastResult != null || !status.isFinished() ? lastResult : history.last();
    }

    @Override
    public ResourceRequest resources() {
        return resources;
    }

    @Override
    public int numFailures() {
        return numFailures;
    }

    @Override
    public Optional<CheckpointDir> latestCheckpoint() {
        TrackedCheckpoint latest = checkpoints().latest();
        return latest == null ? Optional.empty() : Optional.of(latest.checkpoint());
    }

    @Override
    public Path localDir() {
        return dir != null ? dir : experimentDir.resolve(name());
    }

    /** True once {@link #folderCreated()} was called. */
    public boolean hasFolder() {
        return folderExists;
    }

    /** Notes that the trial's folder exists: its path is kept until the trial finishes (then derived when asked). */
    public void folderCreated() {
        folderExists = true;
        dir = localDir();
    }

    /**
     * Every result in the order logged (read-only). The driver keeps only the last result: the list
     * reads the others back (from result.json, or the compact copy kept when no files are written)
     * when an element is first asked for.
     */
    public List<Result> history() {
        int size = history.size();
        return size == 0 ? List.of() : new HistoryReadBack(history, size);
    }

    /** The stack trace of the latest failure, or null. */
    public String errorTrace() {
        return errorTrace;
    }

    /** The trial's checkpoints (keep-N applied), read-only: {@link #trackCheckpoint} adds one. */
    public TrialCheckpoints checkpoints() {
        return checkpoints != null ? checkpoints : TrialCheckpoints.NONE;
    }

    /** Tracks {@code checkpoint} as the latest and returns those the keep-N rule drops (the caller deletes their folders). */
    public List<TrackedCheckpoint> trackCheckpoint(TrackedCheckpoint checkpoint) {
        if (checkpoints == null) {
            checkpoints = new TrialCheckpoints(checkpointPolicy.keep(), checkpointPolicy.scoreAttribute() != null, checkpointPolicy.scoreMode());
        }
        return checkpoints.add(checkpoint);
    }

    @Override
    public String toString() {
        return name() + " [" + status + "]";
    }
}
