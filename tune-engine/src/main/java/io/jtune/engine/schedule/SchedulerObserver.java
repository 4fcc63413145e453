package io.jtune.engine.schedule;

import io.jtune.api.Result;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.spi.TrialView;

/**
 * A scheduler that only watches another: every call goes to {@link #observed()} unchanged (an
 * implementation overrides a method to look, and passes the call on). The experiment is the
 * observed scheduler's: {@code experiment_state.json} records that scheduler's class, so a resume
 * without the observer (from {@code tune:run} or a {@code Tuner}) continues it, and result
 * buffering is allowed exactly when the observed scheduler supports it.
 */
public interface SchedulerObserver extends TrialScheduler {

    /** The scheduler whose decisions these are. */
    TrialScheduler observed();

    @Override
    default void setup(ExperimentInfo experiment) {
        observed().setup(experiment);
    }

    @Override
    default void onTrialAdd(RunnerView runner, TrialView trial) {
        observed().onTrialAdd(runner, trial);
    }

    @Override
    default Decision onTrialResult(RunnerView runner, TrialView trial, Result result) {
        return observed().onTrialResult(runner, trial, result);
    }

    @Override
    default void onTrialComplete(RunnerView runner, TrialView trial, Result result) {
        observed().onTrialComplete(runner, trial, result);
    }

    @Override
    default void onTrialError(RunnerView runner, TrialView trial) {
        observed().onTrialError(runner, trial);
    }

    @Override
    default void onTrialRemove(RunnerView runner, TrialView trial) {
        observed().onTrialRemove(runner, trial);
    }

    @Override
    default TrialView chooseTrialToRun(RunnerView runner) {
        return observed().chooseTrialToRun(runner);
    }

    @Override
    default String saveState() {
        return observed().saveState();
    }

    @Override
    default void restoreState(String json) {
        observed().restoreState(json);
    }

    @Override
    default boolean supportsBufferedResults() {
        return observed().supportsBufferedResults();
    }

    @Override
    default boolean reachedFullBudget(Result last) {
        return observed().reachedFullBudget(last);
    }

    @Override
    default String debugString() {
        return observed().debugString();
    }
}
