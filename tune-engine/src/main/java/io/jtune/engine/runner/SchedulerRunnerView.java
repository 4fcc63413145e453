package io.jtune.engine.runner;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.engine.checkpoint.TrackedCheckpoint;
import io.jtune.engine.exec.TrialExecutor;
import io.jtune.engine.runner.state.CheckpointBook;
import io.jtune.engine.runner.state.SnapshotSchedule;
import io.jtune.engine.spec.ExperimentSpec;
import io.jtune.engine.trial.Trial;
import java.util.Collection;
import java.util.List;
/**
 * The {@link RunnerView} schedulers get: every call acts on the runner at once, within the driver's
 * call. Stopping a trial calls the scheduler's {@code onTrialRemove} back, as Ray Tune does.
 * For the trial whose result is being decided, return a decision instead of calling
 * {@link #stopTrial} or {@link #pauseTrial}. Made before the runner's parts that call the scheduler
 * with it; {@link #attach} gives it those parts.
 */
final class SchedulerRunnerView implements RunnerView {
    private final ExperimentSpec spec;
    private final TrialTable table;
    private final TrialExecutor executor;
    private final CheckpointBook checkpoints;
    private final SnapshotSchedule snapshots;
    private TrialLifecycle lifecycle;
    private TrialLauncher launcher;
    private ResultIntake intake;
    /** Whether the scheduler's decisions may run inline, on a trial's thread (set once the run's components are set up). */
    private boolean inline;

    SchedulerRunnerView(ExperimentSpec spec, TrialTable table, TrialExecutor executor, CheckpointBook checkpoints, SnapshotSchedule snapshots) {
        this.spec = spec;
        this.table = table;
        this.executor = executor;
        this.checkpoints = checkpoints;
        this.snapshots = snapshots;
    }

    /** Gives the view the runner's parts it acts through; called once, before the experiment runs. */
    void attach(TrialLifecycle lifecycle, TrialLauncher launcher, ResultIntake intake) {
        this.lifecycle = lifecycle;
        this.launcher = launcher;
        this.intake = intake;
    }

    /** Whether decisions may run inline (then a decision may not wait for a save). */
    void decidesInline(boolean inline) {
        this.inline = inline;
    }

    @Override
    public List<? extends TrialView> trials() {
        return table.all();
    }

    @Override
    public Collection<? extends TrialView> waitingTrials(TrialStatus status) {
        return table.waiting(status);
    }

    @Override
    public boolean hasResources(ResourceRequest request) {
        return launcher.hasCapacity(request);
    }

    /** The executor's totals (what a trial asking for everything would ask). */
    @Override
    public ResourceRequest totalResources() {
        return executor.totals();
    }

    /** A scheduler's new request for the trial, committed from its next start on. */
    @Override
    public void changeResources(TrialView view, ResourceRequest request) {
        Trial trial = own(view);
        if (trial.status().isFinished()) {
            throw new IllegalStateException("trial " + trial.name() + " is " + trial.status() + "; only an unfinished trial can change its resources");
        }
        if (!executor.canEverRun(request)) {
            throw new IllegalArgumentException("trial " + trial.name() + " cannot change its resources to " + request + ": the executor has only "
                    + executor.totals() + " in total; ask for at most that");
        }
        if (!request.equals(trial.resources())) {
            TrialRunner.LOG.get().info("trial {} changes its resources from {} to {} (from its next start)", trial.name(), trial.resources(), request);
            trial.changeResources(request);
            snapshots.changed();
        }
    }

    @Override
    public void stopTrial(TrialView view) {
        Trial trial = notDeciding(view, "STOP");
        if (!trial.status().isFinished()) {
            lifecycle.finish(trial, trial.lastResult(), true);
        }
    }

    @Override
    public void pauseTrial(TrialView view) {
        Trial trial = notDeciding(view, "PAUSE");
        requireStatus(trial, TrialStatus.RUNNING, "pause");
        lifecycle.pause(trial);
    }

    @Override
    public void unpauseTrial(TrialView view) {
        Trial trial = own(view);
        requireStatus(trial, TrialStatus.PAUSED, "unpause");
        lifecycle.setStatus(trial, TrialStatus.PENDING);
    }

    /**
     * Saves the trial's state now and waits for it; other events that arrive meanwhile are kept
     * for later. Returns the trial's latest checkpoint.
     */
    @Override
    public CheckpointDir saveCheckpoint(TrialView view) {
        Trial trial = own(view);
        requireDecisionMayWait(trial, "save");
        if (trial.status() == TrialStatus.RUNNING) {
            checkpoints.requestSave(trial, false);
        }
        intake.awaitSaves(trial);
        TrackedCheckpoint latest = trial.checkpoints().latest();
        if (latest == null) {
            throw new TuneException("trial " + trial.name() + " has no checkpoint: its trainable saves none (implement save and restore, "
                    + "or report checkpoints from a function trainable)");
        }
        return latest.checkpoint();
    }

    /** PBT's exploit: copy {@code from} into the trial's folder as its latest checkpoint and take the new config and tag. */
    @Override
    public void exploit(TrialView view, Config newConfig, String newTag, CheckpointDir from) {
        Trial trial = own(view);
        requireDecisionMayWait(trial, "exploit a checkpoint into");
        if (trial.status().isFinished()) {
            throw new IllegalStateException("trial " + trial.name() + " is " + trial.status() + " and cannot exploit another trial");
        }
        TrackedCheckpoint donor = CheckpointBook.find(table.all(), from.path());
        if (donor == null) {
            throw new IllegalArgumentException("checkpoint " + from.path() + " is not a checkpoint of the experiment " + spec.name() + "; pass one that RunnerView.saveCheckpoint or TrialView.latestCheckpoint returned");
        }
        intake.awaitSaves(trial);
        TrialLifecycle.ensureDir(trial);
        checkpoints.adoptCopy(trial, donor);
        trial.exploit(newConfig, newTag);
        if (trial.status() == TrialStatus.RUNNING && intake.deciding() != trial) {
            lifecycle.pause(trial);
        }
    }

    /** Refuses a wait for a save inside a decision that may run inline (on a trial's thread, which cannot take events). */
    private void requireDecisionMayWait(Trial trial, String what) {
        Trial deciding = intake.deciding();
        if (inline && deciding != null) {
            throw new IllegalStateException("the scheduler " + spec.scheduler().getClass().getName() + " asked to " + what + " trial " + trial.name()
                    + " while it decided on a result of trial " + deciding.name() + ", but it says it supportsBufferedResults(): its decisions may run on the "
                    + "reporting trial's thread, which cannot wait for a save. Return false from supportsBufferedResults().");
        }
    }

    private Trial own(TrialView view) {
        return table.own(view, spec.name());
    }

    private Trial notDeciding(TrialView view, String decision) {
        Trial trial = own(view);
        if (intake.deciding() == trial) {
            throw new IllegalArgumentException("trial " + trial.name() + " is the one whose result is being decided: return " + decision + " from onTrialResult instead");
        }
        return trial;
    }

    private static void requireStatus(Trial trial, TrialStatus wanted, String action) {
        if (trial.status() != wanted) {
            throw new IllegalStateException("cannot " + action + " trial " + trial.name() + ": it is " + trial.status() + ", not " + wanted);
        }
    }
}
