package io.jtune.engine.runner;

import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.api.spi.Callback;
import io.jtune.engine.exec.TrialEvent;
import io.jtune.engine.trial.RetryBackoff;
import io.jtune.engine.trial.StallLimit;
import io.jtune.engine.trial.Trial;
import io.jtune.engine.trial.TrialStalledException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.TimeUnit;

/**
 * What happens to a trial whose run failed, stalled or was lost, on the driver. A failure errors
 * the trial, which is retried from its latest checkpoint after its {@link RetryBackoff} while its
 * failures stay within {@code maxFailures}; past that it stays ERROR and {@code failFast} may stop
 * the experiment (RAISE keeps the error for the runner to throw at the end). A run silent past the
 * {@link StallLimit} fails as stalled. A lost run (its machine gone) restarts without counting a failure.
 */
final class TrialFailures {
    /** The runner's parts, read where used (failures are rare: nothing here is on the hot path). */
    private final RunnerParts parts;
    private final TrialLifecycle lifecycle;
    private final RetryQueue backingOff;
    private final StallLimit stallLimit;
    /** Deterministic mode's bound on the steps computing at once, or null. */
    private final StepGate gate;
    private RuntimeException toRaise;

    TrialFailures(RunnerParts parts, TrialLifecycle lifecycle, RetryQueue backingOff, StallLimit stallLimit, StepGate gate) {
        this.parts = parts;
        this.lifecycle = lifecycle;
        this.backingOff = backingOff;
        this.stallLimit = stallLimit;
        this.gate = gate;
    }

    /** The error a trial's failure under {@code failFast(RAISE)} ends the experiment with, or null. */
    RuntimeException toRaise() {
        return toRaise;
    }

    void onFailed(Trial trial, TrialEvent.Failed event) {
        if (event.runId() != trial.runId()) {
            TrialRunner.LOG.get().debug("failure of an earlier run of trial {} ignored", trial.name(), event.error());
            return;
        }
        parts.checkpoints().dropPending(trial);
        Throwable error = event.error();
        trial.noteFailure(stackTrace(error));
        if (trial.status() == TrialStatus.TERMINATED) {
            TrialRunner.LOG.get().warn("trial {} failed after it finished (its final checkpoint may be missing)", trial.name(), error);
            for (Callback c : parts.callbacks()) {
                c.onTrialError(trial, error);
            }
            return;
        }
        parts.executor().stop(trial.id(), false);
        lifecycle.setStatus(trial, TrialStatus.ERROR);
        for (Callback c : parts.callbacks()) {
            c.onTrialError(trial, error);
        }
        int maxFailures = parts.spec().maxFailures();
        if (maxFailures < 0 || trial.numFailures() <= maxFailures) {
            long delay = RetryBackoff.delayNanos(trial.numFailures());
            TrialRunner.LOG.get().info("trial {} failed ({} of {} failures allowed); retrying from {} in {} ms", trial.name(), trial.numFailures(),
                    maxFailures < 0 ? "unlimited" : maxFailures, trial.latestCheckpoint().map(c -> c.path().toString()).orElse("scratch"),
                    TimeUnit.NANOSECONDS.toMillis(delay));
            lifecycle.setStatus(trial, TrialStatus.PENDING);
            if (delay > 0) {
                backingOff.holdBack(trial, delay);
            }
            return;
        }
        TrialRunner.LOG.get().warn("trial {} errored", trial.name(), error);
        parts.scheduler().onTrialError(parts.view(), trial);
        parts.searcher().onTrialComplete(trial.id(), trial.lastResult(), true);
        switch (parts.spec().failFast()) {
            case OFF -> { }
            case STOP -> lifecycle.stopExperiment("trial " + trial.name() + " errored and failFast is on");
            case RAISE -> {
                lifecycle.stopExperiment("trial " + trial.name() + " errored and failFast is RAISE");
                toRaise = error instanceof RuntimeException re ? re : new TuneException("trial " + trial.name() + " failed: " + error, error);
            }
        }
    }

    /**
     * The run's machine was lost: not the trainable's fault, so no failure is counted (the executor
     * bounds how often a trial may be lost). A running trial goes back to PENDING and restarts from
     * its latest checkpoint, as a retried one; a paused one stays paused without its unanswered save.
     */
    void onLost(Trial trial, TrialEvent.Lost event) {
        if (event.runId() != trial.runId()) {
            return;
        }
        parts.checkpoints().dropPending(trial);
        parts.executor().stop(trial.id(), false);
        if (trial.status() == TrialStatus.RUNNING) {
            TrialRunner.LOG.get().warn("trial {} lost its run ({}); it restarts from {}", trial.name(), event.reason(),
                    trial.latestCheckpoint().map(c -> c.path().toString()).orElse("scratch"));
            lifecycle.setStatus(trial, TrialStatus.ERROR);
            lifecycle.setStatus(trial, TrialStatus.PENDING);
        }
    }

    /** Fails every trial whose run has posted nothing for longer than the stall limit, abandoning the run. */
    void failStalledTrials(long now) {
        if (!stallLimit.enabled()) {
            return;
        }
        for (Trial trial : stallLimit.stalled(parts.table().all(), now)) {
            if (gate != null && trial.pendingSaves() == 0 && !gate.computing(trial.id())) {
                continue; // deterministic mode: its step waits for a slot, or its result for its logical turn
            }
            TrialStalledException error = stallLimit.errorFor(trial, now);
            TrialRunner.LOG.get().warn(error.getMessage());
            parts.executor().abandon(trial.id(), "stalled while " + StallLimit.activity(trial));
            onFailed(trial, new TrialEvent.Failed(trial.id(), trial.runId(), error));
        }
    }

    private static String stackTrace(Throwable error) {
        StringWriter out = new StringWriter();
        error.printStackTrace(new PrintWriter(out));
        return out.toString();
    }
}
