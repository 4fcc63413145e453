package io.jtune.engine.schedule;

import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.spi.TrialView;

/**
 * Runs trials in the order they were added and never stops or pauses one (Ray Tune's
 * {@code FIFOScheduler}, the default): the next trial to run is the first PENDING trial whose
 * resources fit, else the first PAUSED one that fits. It looks only at the waiting trials
 * ({@link RunnerView#waitingTrials}, which the runner keeps apart), so with trials of equal
 * requests a choice costs the same with 10 or 10,000 trials running. Stateless: one instance may
 * serve any experiment.
 */
public final class FifoScheduler implements TrialScheduler {

    @Override
    public Decision onTrialResult(RunnerView runner, TrialView trial, Result result) {
        return Decision.CONTINUE;
    }

    @Override
    public TrialView chooseTrialToRun(RunnerView runner) {
        TrialView pending = firstThatFits(runner, TrialStatus.PENDING);
        return pending != null ? pending : firstThatFits(runner, TrialStatus.PAUSED);
    }

    private static TrialView firstThatFits(RunnerView runner, TrialStatus status) {
        for (TrialView trial : runner.waitingTrials(status)) {
            if (runner.hasResources(trial.resources())) {
                return trial;
            }
        }
        return null;
    }

    /** True when a trial waits to run (is PENDING or PAUSED). */
    boolean anyWaiting(RunnerView runner) {
        return !runner.waitingTrials(TrialStatus.PENDING).isEmpty() || !runner.waitingTrials(TrialStatus.PAUSED).isEmpty();
    }

    /** True: it continues every trial. */
    @Override
    public boolean supportsBufferedResults() {
        return true;
    }

    @Override
    public String debugString() {
        return "Using FIFO scheduling algorithm.";
    }
}
