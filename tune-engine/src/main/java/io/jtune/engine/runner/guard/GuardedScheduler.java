package io.jtune.engine.runner.guard;

import io.jtune.api.Result;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.spi.TrialView;

/** A scheduler whose exceptions become {@link ComponentException}s naming it and the method. */
public final class GuardedScheduler implements TrialScheduler {
    private static final String ROLE = "scheduler";
    private final TrialScheduler scheduler;

    public GuardedScheduler(TrialScheduler scheduler) {
        this.scheduler = scheduler;
    }

    @Override
    public void setup(ExperimentInfo experiment) {
        try {
            scheduler.setup(experiment);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, scheduler, "setup", e);
        }
    }

    @Override
    public void onTrialAdd(RunnerView runner, TrialView trial) {
        try {
            scheduler.onTrialAdd(runner, trial);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, scheduler, "onTrialAdd", e);
        }
    }

    @Override
    public Decision onTrialResult(RunnerView runner, TrialView trial, Result result) {
        try {
            return scheduler.onTrialResult(runner, trial, result);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, scheduler, "onTrialResult", e);
        }
    }

    @Override
    public void onTrialComplete(RunnerView runner, TrialView trial, Result result) {
        try {
            scheduler.onTrialComplete(runner, trial, result);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, scheduler, "onTrialComplete", e);
        }
    }

    @Override
    public void onTrialError(RunnerView runner, TrialView trial) {
        try {
            scheduler.onTrialError(runner, trial);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, scheduler, "onTrialError", e);
        }
    }

    @Override
    public void onTrialRemove(RunnerView runner, TrialView trial) {
        try {
            scheduler.onTrialRemove(runner, trial);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, scheduler, "onTrialRemove", e);
        }
    }

    @Override
    public TrialView chooseTrialToRun(RunnerView runner) {
        try {
            return scheduler.chooseTrialToRun(runner);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, scheduler, "chooseTrialToRun", e);
        }
    }

    @Override
    public String saveState() {
        try {
            return scheduler.saveState();
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, scheduler, "saveState", e);
        }
    }

    @Override
    public void restoreState(String json) {
        try {
            scheduler.restoreState(json);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, scheduler, "restoreState", e);
        }
    }

    @Override
    public boolean supportsBufferedResults() {
        try {
            return scheduler.supportsBufferedResults();
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, scheduler, "supportsBufferedResults", e);
        }
    }

    @Override
    public String debugString() {
        try {
            return scheduler.debugString();
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, scheduler, "debugString", e);
        }
    }
}
