package io.jtune.engine.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.TrialScheduler.Decision;
import io.jtune.engine.TestTrialView;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HyperBandForBohbTest {

    /** Records what the searcher would hear. */
    static final class Recorder implements HyperBandForBohb.Listener {
        final List<String> events = new ArrayList<>();

        @Override
        public void onBudgetReached(String trialId, double budget, Result result) {
            events.add("budget " + trialId + " " + (int) budget + " acc=" + result.getDouble("acc"));
        }

        @Override
        public void onPause(String trialId) {
            events.add("pause " + trialId);
        }

        @Override
        public void onUnpause(String trialId) {
            events.add("unpause " + trialId);
        }
    }

    private static HyperBandForBohb bohb(Recorder recorder) {
        HyperBandForBohb s = HyperBandScheduler.builder().maxT(9).buildForBohb();
        s.setup(FakeRunner.experiment("acc", Mode.MAX, 1));
        s.addListener(recorder);
        return s;
    }

    @Test
    void theLargestBracketFillsFirst() {
        HyperBandForBohb s = bohb(new Recorder());
        FakeRunner runner = new FakeRunner(s);
        for (int i = 0; i < 10; i++) {
            runner.add("t" + i);
        }
        // maxT=9, eta=3: s_max=2 holds 9 trials at budget 1, then s=1 (5 trials at budget 3)
        assertEquals(2, s.bracketOf("t0").s);
        assertEquals(2, s.bracketOf("t8").s);
        assertEquals(1, s.bracketOf("t9").s);
        assertEquals(3, s.bracketOf("t9").milestone());
    }

    @Test
    void trialsPauseInAnUnfilledBracketAndAreHalvedWhenNothingRuns() {
        Recorder recorder = new Recorder();
        HyperBandForBohb s = bohb(recorder);
        FakeRunner runner = new FakeRunner(s);
        TestTrialView t0 = runner.add("t0");
        TestTrialView t1 = runner.add("t1");
        TestTrialView t2 = runner.add("t2");
        TestTrialView t3 = runner.add("t3");
        assertEquals(Decision.PAUSE, runner.report(t0, "acc", 0.2, 1));
        assertEquals(Decision.PAUSE, runner.report(t1, "acc", 0.9, 1));
        assertEquals(Decision.PAUSE, runner.report(t2, "acc", 0.5, 1));
        assertEquals(Decision.PAUSE, runner.report(t3, "acc", 0.7, 1));
        // nothing runs: the bracket is halved to ceil(9/3) = 3 trials with budget 3; the worst (t0) stops
        assertSame(t1, s.chooseTrialToRun(runner), "the first promoted trial in the order trials joined the bracket");
        assertEquals(List.of("stop t0", "unpause t2", "unpause t3", "unpause t1"), runner.log);
        assertEquals(TrialStatus.TERMINATED, t0.status);
        assertEquals(3, s.bracketOf("t1").milestone());
        assertEquals(List.of("budget t0 1 acc=0.2", "pause t0", "budget t1 1 acc=0.9", "pause t1", "budget t2 1 acc=0.5", "pause t2",
                "budget t3 1 acc=0.7", "pause t3", "unpause t2", "unpause t3", "unpause t1"), recorder.events);
    }

    @Test
    void whileATrialRunsNothingIsHalved() {
        HyperBandForBohb s = bohb(new Recorder());
        FakeRunner runner = new FakeRunner(s);
        TestTrialView t0 = runner.add("t0");
        TestTrialView t1 = runner.add("t1");
        runner.report(t0, "acc", 0.2, 1);
        t1.status = TrialStatus.RUNNING;
        assertNull(s.chooseTrialToRun(runner));
        assertEquals(List.of(), runner.log);
    }
}
