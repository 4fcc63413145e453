package io.jtune.engine.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Mode;
import io.jtune.api.spi.TrialScheduler.Decision;
import io.jtune.engine.TestTrialView;
import io.jtune.engine.json.Json;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AsyncHyperBandSchedulerTest {

    private static AsyncHyperBandScheduler asha(AsyncHyperBandScheduler.Builder builder, Mode mode, long seed) {
        AsyncHyperBandScheduler s = builder.build();
        s.setup(FakeRunner.experiment("acc", mode, seed));
        return s;
    }

    @Test
    void defaultRungsAreRaysMilestones() {
        AsyncHyperBandScheduler s = asha(AsyncHyperBandScheduler.builder(), Mode.MAX, 1);
        // max_t=100, grace_period=1, reduction_factor=4: int(log(100)/log(4) + 1) = 4 rungs
        assertArrayEquals(new double[] {64, 16, 4, 1}, s.bracket(0).milestones());
    }

    @Test
    void cutoffIsThe75thPercentileOfRecordedResults() {
        AsyncHyperBandScheduler s = asha(AsyncHyperBandScheduler.builder(), Mode.MAX, 1);
        FakeRunner runner = new FakeRunner(s);
        double[] scores = {1, 2, 3, 0.5, 2.6, 2.3};
        // cut-offs before each result: none; p75[1]=1; p75[1,2]=1.75; p75[1,2,3]=2.5; p75[.5,1,2,3]=2.25; p75[.5,1,2,2.6,3]=2.6
        Decision[] expected = {Decision.CONTINUE, Decision.CONTINUE, Decision.CONTINUE, Decision.STOP, Decision.CONTINUE, Decision.STOP};
        for (int i = 0; i < scores.length; i++) {
            TestTrialView t = runner.add("t" + i);
            assertEquals(expected[i], runner.report(t, "acc", scores[i], 1), "trial t" + i + " with score " + scores[i]);
        }
        // rung index 3 is the milestone 1; its cut-off now covers all six results: p75 of [.5,1,2,2.3,2.6,3] = 2.525
        assertEquals(2.525, s.bracket(0).cutoff(3), 1e-12);
        assertTrue(s.debugString().startsWith("Using AsyncHyperBand: num_stopped=2\nBracket: Iter 64.000: None | Iter 16.000: None | Iter 4.000: None | Iter 1.000: 2.525"),
                s.debugString());
    }

    @Test
    void raysBracketDocExample() {
        // Ray's _Bracket docstring: _Bracket(min_t=1, max_t=10, rf=2, s=0), rungs 8, 4, 2, 1
        AshaBracket b = new AshaBracket(1, 10, 2, 0, true);
        assertArrayEquals(new double[] {8, 4, 2, 1}, b.milestones());
        assertEquals(Decision.CONTINUE, b.onResult(new AshaBracket.Member(b, 0), "t1", 1, 2));
        assertEquals(Decision.CONTINUE, b.onResult(new AshaBracket.Member(b, 0), "t2", 1, 4));
        assertEquals(3.0, b.cutoff(3));
        assertEquals(Decision.STOP, b.onResult(new AshaBracket.Member(b, 0), "t3", 1, 1));
        assertEquals(2.0, b.cutoff(3));
    }

    @Test
    void minimisingComparesNegatedValues() {
        AsyncHyperBandScheduler s = asha(AsyncHyperBandScheduler.builder().reductionFactor(2), Mode.MIN, 1);
        FakeRunner runner = new FakeRunner(s);
        assertEquals(Decision.CONTINUE, runner.report(runner.add("a"), "acc", 0.5, 1));
        assertEquals(Decision.STOP, runner.report(runner.add("b"), "acc", 0.9, 1), "higher loss than the median of [0.5]");
        assertEquals(Decision.CONTINUE, runner.report(runner.add("c"), "acc", 0.1, 1));
    }

    @Test
    void aResultIsJudgedAtTheHighestReachedRungThatLacksTheTrial() {
        AsyncHyperBandScheduler s = asha(AsyncHyperBandScheduler.builder(), Mode.MAX, 1);
        FakeRunner runner = new FakeRunner(s);
        TestTrialView a = runner.add("a");
        TestTrialView b = runner.add("b");
        assertEquals(Decision.CONTINUE, runner.report(a, "acc", 10, 5));
        // as in Ray, the next result is recorded at the next rung down that lacks the trial (rung 1, empty so far)
        assertEquals(Decision.CONTINUE, runner.report(a, "acc", 10, 6));
        // b jumps straight to t=5: recorded at rung 4 (against a's 10), not at rung 1
        assertEquals(Decision.STOP, runner.report(b, "acc", 1, 5));
        assertEquals(7.75, s.bracket(0).cutoff(2), 1e-12, "p75 of [10, 1]: both recorded at rung 4");
        assertEquals(10.0, s.bracket(0).cutoff(3), "only a was recorded at rung 1");
    }

    @Test
    void aRestoredStateForgetsTheRungsTrialsWereRecordedAtAfterIt() {
        AsyncHyperBandScheduler s = asha(AsyncHyperBandScheduler.builder().maxT(8).reductionFactor(2), Mode.MAX, 1);
        FakeRunner runner = new FakeRunner(s);
        TestTrialView a = runner.add("a");
        String beforeAnyResult = s.saveState();
        assertEquals(Decision.CONTINUE, runner.report(a, "acc", 10, 1));
        assertEquals(Decision.CONTINUE, runner.report(a, "acc", 20, 1), "recorded at rung 1 already: no new cut-off");
        assertEquals(10.0, s.bracket(0).cutoff(3));

        s.restoreState(beforeAnyResult);
        assertTrue(Double.isNaN(s.bracket(0).cutoff(3)), "the restored state has no score at rung 1");
        assertEquals(Decision.CONTINUE, runner.report(a, "acc", 30, 1));
        assertEquals(30.0, s.bracket(0).cutoff(3), "the trial is recorded at rung 1 again, as the restored state lacks it");
    }

    @Test
    void trialsStopAtMaxTUnlessStopLastTrialsIsOff() {
        AsyncHyperBandScheduler s = asha(AsyncHyperBandScheduler.builder().maxT(10), Mode.MAX, 1);
        FakeRunner runner = new FakeRunner(s);
        assertEquals(Decision.STOP, runner.report(runner.add("a"), "acc", 1, 10));

        AsyncHyperBandScheduler keepGoing = asha(AsyncHyperBandScheduler.builder().maxT(10).stopLastTrials(false), Mode.MAX, 1);
        FakeRunner r2 = new FakeRunner(keepGoing);
        TestTrialView a = r2.add("a");
        assertEquals(Decision.CONTINUE, r2.report(a, "acc", 1, 10));
        assertEquals(Decision.CONTINUE, r2.report(a, "acc", 0, 11), "already recorded at every rung it reached: no new cut-off");
    }

    @Test
    void resultsWithoutMetricOrTimeContinue() {
        AsyncHyperBandScheduler s = asha(AsyncHyperBandScheduler.builder(), Mode.MAX, 1);
        FakeRunner runner = new FakeRunner(s);
        TestTrialView a = runner.add("a");
        assertEquals(Decision.CONTINUE, runner.report(a, "other", 1, 100));
    }

    @Test
    void bracketsAreDrawnBySoftmaxOverRungCountsFromTheSeed() {
        // brackets=3 with defaults: rung counts 4, 3, 2, so p = e^0, e^-1, e^-2 normalised = 0.665, 0.245, 0.090
        AsyncHyperBandScheduler s = asha(AsyncHyperBandScheduler.builder().brackets(3), Mode.MAX, 42);
        FakeRunner runner = new FakeRunner(s);
        int[] counts = new int[3];
        List<Integer> sequence = new ArrayList<>();
        for (int i = 0; i < 6000; i++) {
            runner.add("t" + i);
            int b = s.bracketIndexOf("t" + i);
            counts[b]++;
            sequence.add(b);
        }
        double z = 1 + Math.exp(-1) + Math.exp(-2);
        assertEquals(1 / z, counts[0] / 6000.0, 0.02);
        assertEquals(Math.exp(-1) / z, counts[1] / 6000.0, 0.02);
        assertEquals(Math.exp(-2) / z, counts[2] / 6000.0, 0.02);
        assertEquals(sequence, assignments(42, 6000), "the same seed gives the same brackets");
        assertNotEquals(sequence, assignments(43, 6000));
    }

    private static List<Integer> assignments(long seed, int n) {
        AsyncHyperBandScheduler s = asha(AsyncHyperBandScheduler.builder().brackets(3), Mode.MAX, seed);
        FakeRunner runner = new FakeRunner(s);
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            runner.add("t" + i);
            out.add(s.bracketIndexOf("t" + i));
        }
        return out;
    }

    @Test
    void savedStateContinuesTheSameSchedule() {
        List<Decision> uninterrupted = run(null);
        List<Decision> resumed = run(10);
        assertEquals(uninterrupted, resumed);
    }

    /** The state, saved from views of the live maps, is exactly what the {@code State} record it is read into writes back. */
    @Test
    void theSavedStateIsTheStateRecordsJson() throws Exception {
        AsyncHyperBandScheduler s = asha(AsyncHyperBandScheduler.builder().brackets(2).reductionFactor(2).maxT(8), Mode.MAX, 7);
        FakeRunner runner = new FakeRunner(s);
        for (int i = 0; i < 12; i++) {
            TestTrialView t = runner.add("t" + i);
            for (int time = 1; time <= 8; time++) {
                if (runner.report(t, "acc", i == 3 ? Double.NaN : Math.sin(i * 1.7 + time), time) == Decision.STOP) {
                    break;
                }
            }
        }
        String saved = s.saveState();
        AsyncHyperBandScheduler.State state = Json.readState("test", saved, AsyncHyperBandScheduler.State.class);
        assertEquals(12, state.bracketOfTrial().size());
        assertTrue(state.rungs().stream().flatMap(List::stream).mapToInt(java.util.Map::size).sum() >= 12, saved);
        assertEquals(Json.mapper().readTree(Json.writeState("test", state)), Json.mapper().readTree(saved));
    }

    /** Adds 20 trials, each reporting 1..8; when {@code restartAt} is set, restarts the scheduler from its saved state there. */
    private static List<Decision> run(Integer restartAt) {
        AsyncHyperBandScheduler s = asha(AsyncHyperBandScheduler.builder().brackets(2).reductionFactor(2).maxT(8), Mode.MAX, 7);
        FakeRunner runner = new FakeRunner(s);
        List<Decision> decisions = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            if (restartAt != null && i == restartAt) {
                String state = s.saveState();
                s = asha(AsyncHyperBandScheduler.builder().brackets(2).reductionFactor(2).maxT(8), Mode.MAX, 7);
                FakeRunner fresh = new FakeRunner(s);
                for (TestTrialView t : runner.trials) {
                    fresh.add(t);
                }
                s.restoreState(state);
                runner = fresh;
            }
            TestTrialView t = runner.add("t" + i);
            for (int time = 1; time <= 8; time++) {
                Decision d = runner.report(t, "acc", Math.sin(i * 1.7 + time), time);
                decisions.add(d);
                if (d == Decision.STOP) {
                    break;
                }
            }
        }
        return decisions;
    }

    @Test
    void badParametersAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AsyncHyperBandScheduler.builder().reductionFactor(1).build());
        assertEquals("AsyncHyperBandScheduler: reduction_factor must be > 1, got 1.0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> AsyncHyperBandScheduler.builder().gracePeriod(200).build());
        assertTrue(e.getMessage().contains("grace_period must be <= max_t"), e.getMessage());
        IllegalStateException noMetric = assertThrows(IllegalStateException.class,
                () -> AsyncHyperBandScheduler.builder().build().setup(FakeRunner.experiment(null, null, 1)));
        assertTrue(noMetric.getMessage().startsWith("AsyncHyperBandScheduler needs a metric"), noMetric.getMessage());
    }

    @Test
    void onlyAResultAtMaxTReachedTheFullBudget() {
        AsyncHyperBandScheduler s = asha(AsyncHyperBandScheduler.builder().maxT(9).gracePeriod(1).reductionFactor(3), Mode.MAX, 1);
        TestTrialView t = new TestTrialView("t");
        assertFalse(s.reachedFullBudget(t.result("acc", 1, 8)), "a trial cut at a rung before max_t was stopped early");
        assertTrue(s.reachedFullBudget(t.result("acc", 1, 9)));
        assertFalse(s.reachedFullBudget(null));
    }
}
