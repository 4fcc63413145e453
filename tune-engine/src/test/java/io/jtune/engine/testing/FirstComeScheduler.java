package io.jtune.engine.testing;

import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.spi.TrialView;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * A test scheduler: runs PENDING (then PAUSED) trials first come, first served, decides results
 * with a function and records every call.
 */
public class FirstComeScheduler implements TrialScheduler {
    private final BiFunction<RunnerView, TrialView, Decision> decider;
    public final List<String> calls = new ArrayList<>();

    public FirstComeScheduler() {
        this((runner, trial) -> Decision.CONTINUE);
    }

    public FirstComeScheduler(BiFunction<RunnerView, TrialView, Decision> decider) {
        this.decider = decider;
    }

    @Override
    public void onTrialAdd(RunnerView runner, TrialView trial) {
        calls.add("add " + trial.id());
    }

    @Override
    public Decision onTrialResult(RunnerView runner, TrialView trial, Result result) {
        return decider.apply(runner, trial);
    }

    @Override
    public void onTrialComplete(RunnerView runner, TrialView trial, Result result) {
        calls.add("complete " + trial.id());
    }

    @Override
    public void onTrialError(RunnerView runner, TrialView trial) {
        calls.add("error " + trial.id());
    }

    @Override
    public void onTrialRemove(RunnerView runner, TrialView trial) {
        calls.add("remove " + trial.id());
    }

    @Override
    public TrialView chooseTrialToRun(RunnerView runner) {
        for (TrialStatus wanted : new TrialStatus[] {TrialStatus.PENDING, TrialStatus.PAUSED}) {
            for (TrialView t : runner.trials()) {
                if (t.status() == wanted && runner.hasResources(t.resources())) {
                    return t;
                }
            }
        }
        return null;
    }
}
