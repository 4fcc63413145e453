package io.jtune.engine.runner;

import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.Stopper;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.spi.TrialScheduler.Decision;
import io.jtune.engine.exec.TrialEvent;
import io.jtune.engine.exec.TrialExecutor;
import io.jtune.engine.runner.guard.GuardedSearcher;
import io.jtune.engine.runner.state.CheckpointBook;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.trial.StallLimit;
import io.jtune.engine.trial.Trial;
import java.util.List;

/**
 * Handles the executor's events, on the driver (or inline on a trial's thread, under the same
 * lock). A result gets its auto fields, goes through the stoppers and the scheduler (CONTINUE,
 * PAUSE, STOP), the searcher and the callbacks, and is checkpointed by the {@link CheckpointPolicy};
 * a saved checkpoint goes to the {@link CheckpointBook}, a run's end to the {@link TrialLifecycle},
 * a failure or a lost run to {@link TrialFailures}.
 */
final class ResultIntake {
    private final CheckpointPolicy checkpointPolicy;
    private final TrialExecutor executor;
    private final TrialTable table;
    private final TrialScheduler scheduler;
    private final GuardedSearcher searcher;
    private final List<Callback> callbacks;
    private final CheckpointBook checkpoints;
    private final RunnerView view;
    private final TrialLifecycle lifecycle;
    private final TrialFailures failures;
    private final List<Stopper> stoppers;
    private final MetricCheck metricCheck;
    private final StallLimit stallLimit;
    private final EventIntake events;
    private final AutoFields autoFields = new AutoFields();
    /** The trial whose result the scheduler decides on now, or null. */
    private Trial deciding;

    ResultIntake(RunnerParts parts, TrialLifecycle lifecycle, TrialFailures failures, List<Stopper> stoppers, MetricCheck metricCheck, StallLimit stallLimit,
            EventIntake events) {
        this.checkpointPolicy = parts.spec().checkpoint();
        this.executor = parts.executor();
        this.table = parts.table();
        this.scheduler = parts.scheduler();
        this.searcher = parts.searcher();
        this.callbacks = parts.callbacks();
        this.checkpoints = parts.checkpoints();
        this.view = parts.view();
        this.lifecycle = lifecycle;
        this.failures = failures;
        this.stoppers = stoppers;
        this.metricCheck = metricCheck;
        this.stallLimit = stallLimit;
        this.events = events;
    }

    void handle(TrialEvent event) {
        Trial trial = table.get(event.trialId());
        if (trial != null && stallLimit.enabled() && event.runId() == trial.runId()) {
            trial.heardAt(System.nanoTime());
        }
        if (trial == null) {
            TrialRunner.LOG.get().warn("event for unknown trial {} ignored", event.trialId());
        } else if (event instanceof TrialEvent.Reported r) {
            onReported(trial, r);
        } else if (event instanceof TrialEvent.Saved s) {
            checkpoints.onSaved(trial, s);
        } else if (event instanceof TrialEvent.Finished f) {
            if (f.runId() == trial.runId()) {
                checkpoints.dropPending(trial);
                if (trial.status() == TrialStatus.RUNNING) {
                    lifecycle.finish(trial, trial.lastResult(), false);
                }
            }
        } else if (event instanceof TrialEvent.Failed f) {
            failures.onFailed(trial, f);
        } else if (event instanceof TrialEvent.Lost l) {
            failures.onLost(trial, l);
        }
    }

    private void onReported(Trial trial, TrialEvent.Reported event) {
        if (event.runId() != trial.runId()) {
            return;
        }
        // a step in flight when the trial was paused (and maybe unpaused since): the save being made
        // holds its state, so it is logged and checked against the stop rules, but the trial stays put
        boolean late = trial.pendingSaves() > 0 && (trial.status() == TrialStatus.PAUSED || trial.status() == TrialStatus.PENDING);
        if (!late && trial.status() != TrialStatus.RUNNING) {
            return;
        }
        Result result = autoFields.fill(trial, event.metrics(), event.stepNanos());
        if (!trial.metricsChecked()) {
            metricCheck.check(trial, result);
            trial.markMetricsChecked();
        }
        metricCheck.checkValues(trial, result);
        boolean stopRuleMet = result.done() | stoppersSayStop(trial, result);
        Decision decision = stopRuleMet ? Decision.STOP : late ? Decision.PAUSE : decide(trial, result);
        if (decision == Decision.CONTINUE && trial.exploited()) {
            decision = Decision.PAUSE;
        }
        if (decision == Decision.STOP && !result.done()) {
            result = result.withDone();
        }
        boolean save = event.checkpoint() == null && !late && decision != Decision.PAUSE
                && checkpointPolicy.wantsCheckpoint(trial.iteration(), Boolean.TRUE.equals(result.get(Result.SHOULD_CHECKPOINT)), decision == Decision.STOP);
        boolean continueNow = decision == Decision.CONTINUE && !save;
        if (continueNow) {
            executor.continueTraining(trial.id()); // the trial steps on while the driver does the bookkeeping below
        }
        if (decision != Decision.STOP) {
            searcher.onTrialResult(trial.id(), result);
        }
        logResult(trial, result);
        if (event.checkpoint() != null) {
            checkpoints.track(trial, event.checkpoint(), trial.iteration(), result);
        } else if (save) {
            checkpoints.requestSave(trial, true);
        }
        switch (decision) {
            case CONTINUE -> {
                if (!continueNow) {
                    executor.continueTraining(trial.id()); // after the save, so it holds this result's state
                }
            }
            case PAUSE -> {
                if (!late) {
                    lifecycle.pause(trial);
                }
            }
            case STOP -> lifecycle.finish(trial, result, !stopRuleMet);
        }
        stopIfAStopperSays();
    }

    /** Stops the experiment when a stopper's {@code stopAll} says so. */
    void stopIfAStopperSays() {
        if (lifecycle.stopRequested()) {
            return;
        }
        for (Stopper s : stoppers) {
            if (s.stopAll()) {
                lifecycle.stopExperiment("the stopper " + s.getClass().getName() + " ended the experiment");
                return;
            }
        }
    }

    private boolean stoppersSayStop(Trial trial, Result result) {
        boolean stop = false;
        for (Stopper s : stoppers) {
            stop |= s.shouldStop(trial.id(), result);
        }
        return stop;
    }

    private Decision decide(Trial trial, Result result) {
        deciding = trial;
        Decision decision;
        try {
            decision = scheduler.onTrialResult(view, trial, result);
        } finally {
            deciding = null;
        }
        if (decision == null) {
            throw new TuneException("the scheduler " + scheduler.getClass().getName() + " returned no decision for trial " + trial.name() + "; return CONTINUE, PAUSE or STOP");
        }
        return decision;
    }

    private void logResult(Trial trial, Result result) {
        trial.record(result);
        for (Callback c : callbacks) {
            c.onTrialResult(trial, result);
        }
    }

    /**
     * Handles the events that come until the trial's saves are answered, keeping the other trials'
     * for later; a quiet tick fails stalled trials (which may end the wait).
     */
    void awaitSaves(Trial trial) {
        events.awaitSaves(trial, this::handle, () -> checkpoints.dropPending(trial), () -> failures.failStalledTrials(System.nanoTime()));
    }

    /** The trial whose result the scheduler decides on now, or null. */
    Trial deciding() {
        return deciding;
    }
}
