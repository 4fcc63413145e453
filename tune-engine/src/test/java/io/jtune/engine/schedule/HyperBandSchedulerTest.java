package io.jtune.engine.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Mode;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.TrialScheduler.Decision;
import io.jtune.engine.TestTrialView;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HyperBandSchedulerTest {

    private static HyperBandScheduler hyperBand(HyperBandScheduler.Builder builder) {
        HyperBandScheduler s = builder.build();
        s.setup(FakeRunner.experiment("acc", Mode.MAX, 1));
        return s;
    }

    @Test
    void bracketSizesAndBudgetsForMaxT81AndEta3AreThePapers() {
        HyperBandScheduler s = hyperBand(HyperBandScheduler.builder());
        // HyperBand paper, Table 1 (R = 81, eta = 3): n_0 and r_0 of brackets s = 0..4
        assertEquals(5, s.bracketsPerBand());
        int[] n = {5, 8, 15, 34, 81};
        int[] r = {81, 27, 9, 3, 1};
        for (int bracket = 0; bracket < 5; bracket++) {
            assertEquals(n[bracket], s.bracketSize(bracket), "n of bracket s=" + bracket);
            assertEquals(r[bracket], s.bracketBudget(bracket), "r of bracket s=" + bracket);
        }
    }

    @Test
    void eachRoundKeepsTheBestThirdAndTriplesTheMilestone() {
        // s=4: (n_i, r_i) = (81,1) (27,3) (9,9) (3,27) (1,81), as in the paper
        assertEquals(List.of("81@1", "27@3", "9@9", "3@27", "1@81"), rounds(4, 81, 1));
        // s=3: Ray keeps ceil(n / eta) trials, so (34,3) (12,9) (4,27) (2,81) where the paper floors to 11, 3, 1
        assertEquals(List.of("34@3", "12@9", "4@27", "2@81"), rounds(3, 34, 3));
    }

    @Test
    void theLastRungIsMaxTNotRaysMaxTMinusThePreviousMilestone() {
        // maxT=27, eta=3, s=3: milestones min(r * eta, maxT) = 1, 3, 9, 27; Ray's int(min(r * eta, maxT - cumul_r)) would end at 18
        assertEquals(List.of("27@1", "9@3", "3@9", "1@27"), rounds(3, 27, 1, 27));
    }

    private static List<String> rounds(int s, int n0, int r0) {
        return rounds(s, n0, r0, 81);
    }

    /** Runs every live trial of a fresh bracket to each milestone and halves it, recording "n@milestone" per round. */
    private static List<String> rounds(int s, int n0, int r0, int maxT) {
        HyperBandBracket b = new HyperBandBracket(s, n0, r0, maxT, 3, true);
        for (int i = 0; i < n0; i++) {
            b.add(new TestTrialView("t" + i));
        }
        List<String> rounds = new ArrayList<>();
        while (true) {
            List<TestTrialView> live = b.currentTrials().stream().map(TestTrialView.class::cast).toList();
            rounds.add(live.size() + "@" + b.milestone());
            for (TestTrialView t : live) {
                b.update(t.id, b.milestone(), Integer.parseInt(t.id.substring(1)));
            }
            if (b.halvesLeft() == 0) {
                assertTrue(b.finished());
                return rounds;
            }
            HyperBandBracket.Halving h = b.successiveHalving();
            h.bad().forEach(t -> b.cleanup(t.id()));
            assertTrue(h.good().stream().allMatch(t -> Integer.parseInt(t.id().substring(1)) >= live.size() - h.good().size()), "the best scores are kept");
        }
    }

    @Test
    void newTrialsFillBracketsFromSmallestSToLargestThenStartANewBand() {
        HyperBandScheduler s = hyperBand(HyperBandScheduler.builder());
        FakeRunner runner = new FakeRunner(s);
        int[] firstOfBracket = {0, 5, 13, 28, 62, 143};
        for (int i = 0; i < 144; i++) {
            runner.add("t" + i);
        }
        for (int b = 0; b < 5; b++) {
            assertEquals(b, s.bracketOf("t" + firstOfBracket[b]).s);
            assertEquals(b, s.bracketOf("t" + (firstOfBracket[b + 1] - 1)).s);
        }
        assertEquals(0, s.bracketOf("t143").s, "trial 144 opens band 2");
        assertEquals(2, s.bands.size());
    }

    /** maxT=9, eta=3: brackets s=0 (3 trials, r=9), s=1 (5 trials, r=3, then 2 trials to 9), s=2 (9 trials, r=1). */
    private static FakeRunner smallBand(HyperBandScheduler s) {
        FakeRunner runner = new FakeRunner(s);
        for (String id : List.of("a0", "a1", "a2", "b0", "b1", "b2", "b3", "b4")) {
            runner.add(id);
        }
        return runner;
    }

    private static TestTrialView trial(FakeRunner runner, String id) {
        return runner.trials.stream().filter(t -> t.id.equals(id)).findFirst().orElseThrow();
    }

    @Test
    void trialsPauseAtTheMilestoneUntilTheRoundIsCompleteThenTheTopThirdContinues() {
        HyperBandScheduler s = hyperBand(HyperBandScheduler.builder().maxT(9));
        FakeRunner runner = smallBand(s);
        double[] scores = {0.1, 0.5, 0.3, 0.9, 0.7};
        for (int i = 0; i < 4; i++) {
            TestTrialView b = trial(runner, "b" + i);
            assertEquals(Decision.CONTINUE, runner.report(b, "acc", scores[i], 1));
            assertEquals(Decision.CONTINUE, runner.report(b, "acc", scores[i], 2));
            assertEquals(Decision.PAUSE, runner.report(b, "acc", scores[i], 3), "b" + i + " waits for the round");
        }
        TestTrialView b4 = trial(runner, "b4");
        assertEquals(Decision.CONTINUE, runner.report(b4, "acc", scores[4], 3), "b4 (0.7) is among the best ceil(5/3) = 2");
        assertEquals(List.of("stop b0", "stop b2", "stop b1", "unpause b3"), runner.log);
        assertEquals(9, s.bracketOf("b3").milestone());
        TestTrialView b3 = trial(runner, "b3");
        List.of("a0", "a1", "a2").forEach(id -> trial(runner, id).status = TrialStatus.RUNNING);
        assertSame(b3, s.chooseTrialToRun(runner), "the unpaused trial runs next");

        assertEquals(Decision.PAUSE, runner.report(b4, "acc", 0.8, 9), "b3 has not reached 9 yet");
        assertEquals(Decision.STOP, runner.report(b3, "acc", 0.95, 9), "last rung done: the bracket stops");
        assertEquals(TrialStatus.TERMINATED, b4.status, "the paused trial of a finished bracket is stopped");
        assertEquals(1, s.debugString().split("num_stopped=3").length - 1, s.debugString());
    }

    @Test
    void theDecidingTrialStopsWhenItIsInTheBottom() {
        HyperBandScheduler s = hyperBand(HyperBandScheduler.builder().maxT(9));
        FakeRunner runner = smallBand(s);
        double[] scores = {0.1, 0.5, 0.3, 0.9, 0.05};
        for (int i = 0; i < 4; i++) {
            runner.report(trial(runner, "b" + i), "acc", scores[i], 3);
        }
        assertEquals(Decision.STOP, runner.report(trial(runner, "b4"), "acc", scores[4], 3));
        assertEquals(List.of("stop b0", "stop b2", "unpause b1", "unpause b3"), runner.log);
    }

    @Test
    void theLastBracketOfABandStopsAllItsTrialsAtMaxT() {
        HyperBandScheduler s = hyperBand(HyperBandScheduler.builder().maxT(9));
        FakeRunner runner = smallBand(s);
        assertEquals(Decision.PAUSE, runner.report(trial(runner, "a0"), "acc", 1, 9));
        assertEquals(Decision.PAUSE, runner.report(trial(runner, "a1"), "acc", 2, 9));
        assertEquals(Decision.STOP, runner.report(trial(runner, "a2"), "acc", 3, 9));
        assertEquals(List.of("stop a0", "stop a1"), runner.log);
    }

    @Test
    void withoutStopLastTrialsTheFinalRungRunsOn() {
        HyperBandScheduler s = hyperBand(HyperBandScheduler.builder().maxT(9).stopLastTrials(false));
        FakeRunner runner = smallBand(s);
        assertEquals(Decision.CONTINUE, runner.report(trial(runner, "a0"), "acc", 1, 9));
        assertEquals(Decision.CONTINUE, runner.report(trial(runner, "a0"), "acc", 1, 30));
    }

    @Test
    void chooseTrialToRunPrefersTheLeastCompleteBracket() {
        HyperBandScheduler s = hyperBand(HyperBandScheduler.builder().maxT(9));
        FakeRunner runner = smallBand(s);
        runner.report(trial(runner, "a0"), "acc", 1, 9);
        // bracket s=0 is 9/27 done, s=1 not started: its first pending trial goes first
        assertSame(trial(runner, "b0"), s.chooseTrialToRun(runner));
        runner.freeSlots = 0;
        assertEquals(null, s.chooseTrialToRun(runner), "nothing fits");
    }

    @Test
    void aFailedTrialLeavesItsBracketAndTheRoundProceedsWithoutIt() {
        HyperBandScheduler s = hyperBand(HyperBandScheduler.builder().maxT(9));
        FakeRunner runner = smallBand(s);
        double[] scores = {0.1, 0.5, 0.3, 0.9};
        for (int i = 0; i < 4; i++) {
            runner.report(trial(runner, "b" + i), "acc", scores[i], 3);
        }
        TestTrialView b4 = trial(runner, "b4");
        b4.status = TrialStatus.ERROR;
        s.onTrialError(runner, b4);
        assertEquals(List.of("stop b0", "stop b2", "unpause b1", "unpause b3"), runner.log);
    }

    @Test
    void savedStateResumesTheRound() {
        HyperBandScheduler s = hyperBand(HyperBandScheduler.builder().maxT(9));
        FakeRunner runner = smallBand(s);
        double[] scores = {0.1, 0.5, 0.3, 0.9};
        for (int i = 0; i < 4; i++) {
            runner.report(trial(runner, "b" + i), "acc", scores[i], 3);
        }
        String state = s.saveState();
        HyperBandScheduler restored = hyperBand(HyperBandScheduler.builder().maxT(9));
        FakeRunner again = new FakeRunner(restored);
        runner.trials.forEach(again::add);
        restored.restoreState(state);
        assertEquals(Decision.CONTINUE, again.report(trial(again, "b4"), "acc", 0.7, 3));
        assertEquals(List.of("stop b0", "stop b2", "stop b1", "unpause b3"), again.log);
        again.add("c0");
        assertEquals(2, restored.bracketOf("c0").s, "new trials continue filling the band where it was");
    }

    @Test
    void debugStringShowsEveryBracket() {
        HyperBandScheduler s = hyperBand(HyperBandScheduler.builder().maxT(9));
        FakeRunner runner = smallBand(s);
        runner.report(trial(runner, "a0"), "acc", 1, 9);
        assertEquals("Using HyperBand: num_stopped=0 total_brackets=2\nRound #0:\n"
                + "  Bracket(Max Size (n)=3, Milestone (r)=9, completed=33.3%): {PAUSED: 1, PENDING: 2}\n"
                + "  Bracket(Max Size (n)=5, Milestone (r)=3, completed=0.0%): {PENDING: 5}", s.debugString());
    }

    @Test
    void onlyAResultAtMaxTReachedTheFullBudget() {
        HyperBandScheduler s = hyperBand(HyperBandScheduler.builder().maxT(9));
        TestTrialView t = new TestTrialView("t");
        assertFalse(s.reachedFullBudget(t.result("acc", 1, 3)), "a trial halved out of its bracket was stopped early");
        assertTrue(s.reachedFullBudget(t.result("acc", 1, 9)));
    }
}
