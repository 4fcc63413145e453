package io.jtune.engine.schedule;

import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.spi.TrialView;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs trials in the order they were added and never stops or pauses one (Ray Tune's
 * {@code FIFOScheduler}, the default): the next trial to run is the first PENDING trial whose
 * resources fit, else the first PAUSED one that fits.
 *
 * <p>It keeps the unfinished trials in add order, taking in new ones from {@link RunnerView#trials()}
 * (which only grows) and dropping those that finished (TERMINATED, or ERROR for good: a retried
 * trial is PENDING again before the scheduler is asked). A choice therefore costs time in
 * proportion to the trials that are pending, running or paused, not to all trials of the experiment.
 * One instance serves one experiment.
 */
public final class FifoScheduler implements TrialScheduler {
    /** The unfinished trials, in add order. */
    private final List<TrialView> live = new ArrayList<>();
    /** How many trials of {@link RunnerView#trials()} were taken in so far. */
    private int seen;

    @Override
    public void onTrialAdd(RunnerView runner, TrialView trial) {
        // new trials are taken in from runner.trials(), in their order, when a choice is made
    }

    @Override
    public Decision onTrialResult(RunnerView runner, TrialView trial, Result result) {
        return Decision.CONTINUE;
    }

    @Override
    public void onTrialComplete(RunnerView runner, TrialView trial, Result result) {
        // dropped from the live trials at the next choice
    }

    @Override
    public void onTrialError(RunnerView runner, TrialView trial) {
        // dropped from the live trials at the next choice
    }

    @Override
    public void onTrialRemove(RunnerView runner, TrialView trial) {
        // dropped from the live trials at the next choice
    }

    /** One pass over the live trials that drops the finished ones and finds the first PENDING (else PAUSED) one that fits. */
    @Override
    public TrialView chooseTrialToRun(RunnerView runner) {
        takeInNew(runner);
        TrialView firstPending = null;
        TrialView firstPaused = null;
        int kept = 0;
        for (int i = 0; i < live.size(); i++) {
            TrialView trial = live.get(i);
            TrialStatus status = trial.status();
            if (status.isFinished()) {
                continue;
            }
            live.set(kept++, trial);
            if (firstPending == null && (status == TrialStatus.PENDING || firstPaused == null && status == TrialStatus.PAUSED)
                    && runner.hasResources(trial.resources())) {
                if (status == TrialStatus.PENDING) {
                    firstPending = trial;
                } else {
                    firstPaused = trial;
                }
            }
        }
        live.subList(kept, live.size()).clear();
        return firstPending != null ? firstPending : firstPaused;
    }

    /** True when a trial waits to run (is PENDING or PAUSED). */
    boolean anyWaiting(RunnerView runner) {
        for (TrialView trial : liveTrials(runner)) {
            TrialStatus status = trial.status();
            if (status == TrialStatus.PENDING || status == TrialStatus.PAUSED) {
                return true;
            }
        }
        return false;
    }

    /** The unfinished trials in add order, after taking in the new ones and dropping the finished. */
    private List<TrialView> liveTrials(RunnerView runner) {
        takeInNew(runner);
        live.removeIf(trial -> trial.status().isFinished());
        return live;
    }

    private void takeInNew(RunnerView runner) {
        List<? extends TrialView> all = runner.trials();
        for (; seen < all.size(); seen++) {
            live.add(all.get(seen));
        }
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
