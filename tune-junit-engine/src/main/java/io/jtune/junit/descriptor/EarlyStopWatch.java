package io.jtune.junit.descriptor;

import io.jtune.api.Result;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.spi.TrialView;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Stands in for the experiment's scheduler to learn which trials it stopped early: the runner
 * calls {@code onTrialRemove} for a trial the scheduler stopped and {@code onTrialComplete} for
 * one that finished (as Ray Tune does). Every call is passed on unchanged.
 */
final class EarlyStopWatch implements TrialScheduler {

    private final TrialScheduler scheduler;
    private final Map<String, String> stoppedEarly = new ConcurrentHashMap<>();

    EarlyStopWatch(TrialScheduler scheduler) {
        this.scheduler = scheduler;
    }

    /** Why the scheduler stopped this trial early, or empty when it did not. */
    Optional<String> stopReason(String trialId) {
        return Optional.ofNullable(stoppedEarly.get(trialId));
    }

    @Override
    public void onTrialRemove(RunnerView runner, TrialView trial) {
        long iteration = trial.lastResult() == null ? 0 : trial.lastResult().trainingIteration();
        stoppedEarly.put(trial.id(), "the scheduler " + scheduler.debugString() + " stopped it after iteration " + iteration);
        scheduler.onTrialRemove(runner, trial);
    }

    @Override
    public void setup(ExperimentInfo experiment) {
        scheduler.setup(experiment);
    }

    @Override
    public void onTrialAdd(RunnerView runner, TrialView trial) {
        scheduler.onTrialAdd(runner, trial);
    }

    @Override
    public Decision onTrialResult(RunnerView runner, TrialView trial, Result result) {
        return scheduler.onTrialResult(runner, trial, result);
    }

    @Override
    public void onTrialComplete(RunnerView runner, TrialView trial, Result result) {
        scheduler.onTrialComplete(runner, trial, result);
    }

    @Override
    public void onTrialError(RunnerView runner, TrialView trial) {
        scheduler.onTrialError(runner, trial);
    }

    @Override
    public TrialView chooseTrialToRun(RunnerView runner) {
        return scheduler.chooseTrialToRun(runner);
    }

    @Override
    public String saveState() {
        return scheduler.saveState();
    }

    @Override
    public void restoreState(String json) {
        scheduler.restoreState(json);
    }

    @Override
    public String debugString() {
        return scheduler.debugString();
    }
}
