package io.jtune.engine.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.TrialScheduler.Decision;
import io.jtune.engine.TestTrialView;
import org.junit.jupiter.api.Test;

class MedianStoppingRuleTest {

    private static MedianStoppingRule rule(MedianStoppingRule.Builder builder, Mode mode) {
        MedianStoppingRule r = builder.timeAttr(Result.TRAINING_ITERATION).build();
        r.setup(FakeRunner.experiment("acc", mode, 1));
        return r;
    }

    /** Reports a whole curve at times 1, 2, ... and completes the trial, handing the last result again (not counted twice). */
    private static void runCurve(FakeRunner runner, String id, double... values) {
        TestTrialView t = runner.add(id);
        for (int i = 0; i < values.length; i++) {
            assertEquals(Decision.CONTINUE, runner.report(t, "acc", values[i], i + 1), id + " at t=" + (i + 1));
        }
        t.status = TrialStatus.TERMINATED;
        runner.scheduler.onTrialComplete(runner, t, t.lastResult);
    }

    /** a and b average 8/3 over t in [2, 4] (their -100 at t=1 is before the grace period) and end at 0; c averages 1. */
    private static FakeRunner threeFinishedCurves(MedianStoppingRule r) {
        FakeRunner runner = new FakeRunner(r);
        runCurve(runner, "a", -100, 4, 4, 0);
        runCurve(runner, "b", -100, 4, 4, 0);
        runCurve(runner, "c", 1, 1, 1, 1);
        return runner;
    }

    @Test
    void stopsWhenTheBestResultIsBelowTheMedianOfTheOthersRunningMeans() {
        MedianStoppingRule r = rule(MedianStoppingRule.builder().gracePeriod(2), Mode.MAX);
        FakeRunner runner = threeFinishedCurves(r);
        TestTrialView d = runner.add("d");
        assertEquals(Decision.CONTINUE, runner.report(d, "acc", 0, 1), "t=1 is inside the grace period");
        // median of the means over [2, 4] = median(8/3, 8/3, 1) = 2.667 > best 2.5; means over all results
        // (-23, -23, 1) or last values (0, 0, 1) would have let d continue
        assertEquals(Decision.STOP, runner.report(d, "acc", 2.5, 4));
        assertEquals("Using MedianStoppingRule: num_stopped=1.", r.debugString());
    }

    @Test
    void theTrialsBestResultSoFarCounts() {
        MedianStoppingRule r = rule(MedianStoppingRule.builder().gracePeriod(2), Mode.MAX);
        FakeRunner runner = threeFinishedCurves(r);
        TestTrialView e = runner.add("e");
        assertEquals(Decision.CONTINUE, runner.report(e, "acc", 2.7, 1));
        assertEquals(Decision.CONTINUE, runner.report(e, "acc", 0, 4), "best 2.7 (at t=1) beats the median 2.667");
    }

    @Test
    void onlyTrialsThatReachedTheSameTimeAreSamples() {
        MedianStoppingRule r = rule(MedianStoppingRule.builder().gracePeriod(2), Mode.MAX);
        FakeRunner runner = threeFinishedCurves(r);
        TestTrialView d = runner.add("d");
        // at t=5 no other trial has a result that late: too few samples, and nobody waits, so d goes on
        assertEquals(Decision.CONTINUE, runner.report(d, "acc", -1000, 5));
    }

    @Test
    void minimisingStopsHighLosses() {
        MedianStoppingRule r = rule(MedianStoppingRule.builder().gracePeriod(1), Mode.MIN);
        FakeRunner runner = new FakeRunner(r);
        runCurve(runner, "a", 1, 1);
        runCurve(runner, "b", 2, 2);
        runCurve(runner, "c", 3, 3);
        assertEquals(Decision.STOP, runner.report(runner.add("d"), "acc", 2.1, 2), "loss 2.1 is worse than the median loss 2");
        assertEquals(Decision.CONTINUE, runner.report(runner.add("e"), "acc", 1.9, 2));
    }

    @Test
    void withTooFewSamplesATrialYieldsToWaitingTrialsEveryMinTimeSlice() {
        MedianStoppingRule r = rule(MedianStoppingRule.builder().gracePeriod(1).minTimeSlice(2), Mode.MAX);
        FakeRunner runner = new FakeRunner(r);
        TestTrialView a = runner.add("a");
        runner.add("waiting");
        assertEquals(Decision.PAUSE, runner.report(a, "acc", 1, 4), "never yielded before");
        assertEquals(Decision.CONTINUE, runner.report(a, "acc", 1, 5), "only 1 since it yielded at 4");
        assertEquals(Decision.CONTINUE, runner.report(a, "acc", 1, 6), "2 is not more than min_time_slice");
        assertEquals(Decision.PAUSE, runner.report(a, "acc", 1, 7));
    }

    @Test
    void softStopPausesOnceThenLetsTheTrialRunUnchecked() {
        MedianStoppingRule r = rule(MedianStoppingRule.builder().gracePeriod(2).hardStop(false), Mode.MAX);
        FakeRunner runner = threeFinishedCurves(r);
        TestTrialView d = runner.add("d");
        assertEquals(Decision.PAUSE, runner.report(d, "acc", 2.5, 4));
        assertEquals(Decision.CONTINUE, runner.report(d, "acc", -5, 4));
    }

    @Test
    void savedStateKeepsTheCurves() {
        MedianStoppingRule r = rule(MedianStoppingRule.builder().gracePeriod(2), Mode.MAX);
        FakeRunner runner = threeFinishedCurves(r);
        MedianStoppingRule restored = rule(MedianStoppingRule.builder().gracePeriod(2), Mode.MAX);
        restored.restoreState(r.saveState());
        FakeRunner again = new FakeRunner(restored);
        runner.trials.forEach(again::add);
        assertEquals(Decision.STOP, again.report(again.add("d"), "acc", 2.5, 4));
    }
}
