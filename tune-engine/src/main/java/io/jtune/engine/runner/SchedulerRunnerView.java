package io.jtune.engine.runner;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.engine.trial.Trial;
import java.util.Collection;
import java.util.List;
/**
 * The {@link RunnerView} schedulers get: every call acts on the runner at once, within the driver's
 * call. Stopping a trial calls the scheduler's {@code onTrialRemove} back, as Ray Tune does.
 * For the trial whose result is being decided, return a decision instead of calling
 * {@link #stopTrial} or {@link #pauseTrial}.
 */
final class SchedulerRunnerView implements RunnerView {
    private final TrialRunner runner;

    SchedulerRunnerView(TrialRunner runner) {
        this.runner = runner;
    }

    @Override
    public List<? extends TrialView> trials() {
        return runner.trials();
    }

    @Override
    public Collection<? extends TrialView> waitingTrials(TrialStatus status) {
        return runner.waitingTrials(status);
    }

    @Override
    public boolean hasResources(ResourceRequest request) {
        return runner.hasCapacity(request);
    }

    @Override
    public ResourceRequest totalResources() {
        return runner.totalResources();
    }

    @Override
    public void changeResources(TrialView view, ResourceRequest request) {
        runner.changeResources(runner.own(view), request);
    }

    @Override
    public void stopTrial(TrialView view) {
        Trial trial = notDeciding(view, "STOP");
        if (!trial.status().isFinished()) {
            runner.finish(trial, trial.lastResult(), true);
        }
    }

    @Override
    public void pauseTrial(TrialView view) {
        Trial trial = notDeciding(view, "PAUSE");
        requireStatus(trial, TrialStatus.RUNNING, "pause");
        runner.pause(trial);
    }

    @Override
    public void unpauseTrial(TrialView view) {
        Trial trial = runner.own(view);
        requireStatus(trial, TrialStatus.PAUSED, "unpause");
        runner.setStatus(trial, TrialStatus.PENDING);
    }

    @Override
    public CheckpointDir saveCheckpoint(TrialView view) {
        return runner.saveNow(runner.own(view));
    }

    @Override
    public void exploit(TrialView view, Config newConfig, String newTag, CheckpointDir from) {
        runner.exploit(runner.own(view), newConfig, newTag, from);
    }

    private Trial notDeciding(TrialView view, String decision) {
        Trial trial = runner.own(view);
        if (runner.isDeciding(trial)) {
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
