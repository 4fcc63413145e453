package io.jtune.engine.schedule;

import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.spi.TrialView;

/**
 * Runs trials in the order they were added and never stops or pauses one (Ray Tune's
 * {@code FIFOScheduler}, the default): the next trial to run is the first PENDING trial whose
 * resources fit, else the first PAUSED one that fits. Stateless.
 */
public final class FifoScheduler implements TrialScheduler {

    @Override
    public void onTrialAdd(RunnerView runner, TrialView trial) {
        // nothing to track: the order of runner.trials() is the queue
    }

    @Override
    public Decision onTrialResult(RunnerView runner, TrialView trial, Result result) {
        return Decision.CONTINUE;
    }

    @Override
    public void onTrialComplete(RunnerView runner, TrialView trial, Result result) {
        // nothing to track
    }

    @Override
    public void onTrialError(RunnerView runner, TrialView trial) {
        // nothing to track
    }

    @Override
    public void onTrialRemove(RunnerView runner, TrialView trial) {
        // nothing to track
    }

    @Override
    public TrialView chooseTrialToRun(RunnerView runner) {
        TrialView pending = firstThatFits(runner, TrialStatus.PENDING);
        return pending != null ? pending : firstThatFits(runner, TrialStatus.PAUSED);
    }

    private static TrialView firstThatFits(RunnerView runner, TrialStatus status) {
        for (TrialView trial : runner.trials()) {
            if (trial.status() == status && runner.hasResources(trial.resources())) {
                return trial;
            }
        }
        return null;
    }

    @Override
    public String debugString() {
        return "Using FIFO scheduling algorithm.";
    }
}
