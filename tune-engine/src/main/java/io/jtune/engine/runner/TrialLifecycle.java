package io.jtune.engine.runner;

import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.TuneException;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.engine.checkpoint.TrackedCheckpoint;
import io.jtune.engine.exec.RunAhead;
import io.jtune.engine.exec.TrialExecutor;
import io.jtune.engine.exec.TrialLaunch;
import io.jtune.engine.output.ResultLog;
import io.jtune.engine.runner.guard.ComponentException;
import io.jtune.engine.runner.guard.GuardedSearcher;
import io.jtune.engine.runner.state.CheckpointBook;
import io.jtune.engine.runner.state.SnapshotSchedule;
import io.jtune.engine.trial.Trial;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;

/**
 * The status changes of the experiment's trials and of the experiment itself, on the driver: a
 * run's start, a pause, a trial's end and the experiment's stop, each told to the executor, the
 * scheduler, the searcher and the callbacks as it happens, and noted in the trial table, the
 * logical clock (deterministic mode) and the snapshot schedule.
 */
final class TrialLifecycle {
    private final TrialExecutor executor;
    private final TrialTable table;
    private final TrialScheduler scheduler;
    private final GuardedSearcher searcher;
    private final List<Callback> callbacks;
    private final List<ResultLog> resultLogs;
    private final CheckpointBook checkpoints;
    private final SnapshotSchedule snapshots;
    private final RunnerView view;
    /** Deterministic mode's logical clock, or null. */
    private final LogicalEventOrder order;
    private final RetryQueue backingOff;
    private final boolean writesFolder;
    private final RunAhead runAhead;
    private long runCounter;
    private boolean stopRequested;

    TrialLifecycle(RunnerParts parts, LogicalEventOrder order, RetryQueue backingOff, boolean writesFolder, RunAhead runAhead) {
        this.executor = parts.executor();
        this.table = parts.table();
        this.scheduler = parts.scheduler();
        this.searcher = parts.searcher();
        this.callbacks = parts.callbacks();
        this.resultLogs = parts.resultLogs();
        this.checkpoints = parts.checkpoints();
        this.snapshots = parts.snapshots();
        this.view = parts.view();
        this.order = order;
        this.backingOff = backingOff;
        this.writesFolder = writesFolder;
        this.runAhead = runAhead;
    }

    /** True once the experiment stops: no trial starts any more. */
    boolean stopRequested() {
        return stopRequested;
    }

    /** How many runs were started so far (each start counts one). */
    long runsStarted() {
        return runCounter;
    }

    /**
     * Starts a new run of the PENDING or PAUSED trial: from its latest checkpoint (its later results
     * dropped, the result logs told which remain), or with the state an exploit copied in.
     */
    void start(Trial trial) {
        TrackedCheckpoint restore = trial.checkpoints().latest();
        List<Result> continued = trial.exploited() ? trial.history() : trial.rewindTo(restore == null ? 0 : restore.iteration());
        trial.beginRun(++runCounter, restore);
        if (writesFolder) {
            ensureDir(trial);
        }
        for (ResultLog log : resultLogs) {
            try {
                log.continueFrom(trial, continued);
            } catch (RuntimeException e) {
                throw ComponentException.of("callback", log, "continueFrom", e);
            }
        }
        setStatus(trial, TrialStatus.RUNNING);
        for (Callback c : callbacks) {
            c.onTrialStart(trial);
        }
        CheckpointDir from = restore == null ? null : restore.checkpoint();
        executor.start(new TrialLaunch(trial.id(), trial.runId(), trial.config(), trial.localDir(), trial.resources(), from, trial.iteration(), List.of(), runAhead));
        if (from != null) {
            for (Callback c : callbacks) {
                c.onTrialRestore(trial, from);
            }
        }
    }

    /** Creates the trial's folder unless it exists. */
    static void ensureDir(Trial trial) {
        if (trial.hasFolder()) {
            return;
        }
        try {
            Files.createDirectories(trial.localDir());
        } catch (IOException e) {
            throw new TuneException("cannot create the folder of trial " + trial.name() + " at " + trial.localDir() + ": " + e.getMessage()
                    + "; choose a writable Tuner.storagePath(...)", e);
        }
        trial.folderCreated();
    }

    void setStatus(Trial trial, TrialStatus to) {
        TrialStatus from = trial.status();
        trial.transitionTo(to);
        if (order != null) {
            if (to == TrialStatus.RUNNING) {
                order.started(trial);
            } else if (from == TrialStatus.RUNNING) {
                order.left(trial);
            }
        }
        table.moved(trial, from, to);
        snapshots.changed();
    }

    /** PAUSE: save (unless an exploit replaced the state, or the latest checkpoint holds it), release, PAUSED. */
    void pause(Trial trial) {
        if (trial.exploited() || CheckpointBook.holdsCurrentState(trial)) {
            executor.stop(trial.id(), true);
        } else {
            executor.pause(trial.id());
            checkpoints.expectSave(trial);
        }
        setStatus(trial, TrialStatus.PAUSED);
    }

    /** Ends a trial for good: {@code removed} when a scheduler stopped it, else it completed. */
    void finish(Trial trial, Result result, boolean removed) {
        executor.stop(trial.id(), true);
        if (removed) {
            scheduler.onTrialRemove(view, trial);
        } else {
            scheduler.onTrialComplete(view, trial, result);
        }
        searcher.onTrialComplete(trial.id(), result, false);
        setStatus(trial, TrialStatus.TERMINATED);
        for (Callback c : callbacks) {
            c.onTrialComplete(trial);
        }
    }

    /** Ends the experiment: running trials complete; pending and paused ones stay as they are. */
    void stopExperiment(String reason) {
        if (stopRequested) {
            return;
        }
        TrialRunner.LOG.get().info("stopping the experiment: {}", reason);
        stopRequested = true;
        backingOff.clear();
        for (Trial t : table.all()) {
            if (t.status() == TrialStatus.RUNNING) {
                finish(t, t.lastResult(), false);
            }
        }
    }
}
