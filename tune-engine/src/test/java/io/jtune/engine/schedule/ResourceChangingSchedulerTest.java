package io.jtune.engine.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.TrialScheduler.Decision;
import io.jtune.engine.TestTrialView;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ResourceChangingScheduler} over a fake runner: when it pauses to resize, what it restarts first, what it passes through, its saved state. */
class ResourceChangingSchedulerTest {

    private static ResourceChangingScheduler overAsha() {
        return new ResourceChangingScheduler(AsyncHyperBandScheduler.builder().timeAttr("training_iteration").maxT(9).gracePeriod(1).reductionFactor(3).build());
    }

    private static FakeRunner runner(ResourceChangingScheduler scheduler) {
        scheduler.setup(FakeRunner.experiment("score", Mode.MAX, 5));
        return new FakeRunner(scheduler);
    }

    @Test
    void aTrialTheBaseLetsContinueIsPausedWithItsNewRequestAndRestartedFirst() {
        ResourceChangingScheduler scheduler = overAsha();
        FakeRunner runner = runner(scheduler);
        TestTrialView a = runner.add("a");
        TestTrialView waiting = runner.add("b");
        waiting.status = TrialStatus.TERMINATED; // the only other trial has ended: 7 of 8 CPUs are free
        assertEquals(Decision.PAUSE, runner.report(a, "score", 1, 1));
        assertEquals(List.of("resources a 8.0 CPU"), runner.log);
        assertEquals(ResourceRequest.cpus(8), a.resources);
        TestTrialView pending = runner.add("c");
        assertSame(a, scheduler.chooseTrialToRun(runner), "the resized trial goes before a PENDING one");
        a.status = TrialStatus.RUNNING;
        assertSame(pending, scheduler.chooseTrialToRun(runner), "once restarted, the base chooses again");
    }

    @Test
    void theBasesStopAndPauseDecisionsPassThroughUnchanged() {
        ResourceChangingScheduler scheduler = overAsha();
        FakeRunner runner = runner(scheduler);
        TestTrialView good = runner.add("good");
        TestTrialView bad = runner.add("bad");
        TestTrialView third = runner.add("third");
        third.status = TrialStatus.TERMINATED;
        // ASHA's first rung at iteration 1: the first to arrive continues (and is resized), the worse one after it stops
        assertEquals(Decision.PAUSE, runner.report(good, "score", 10, 1));
        good.status = TrialStatus.RUNNING;
        assertEquals(Decision.STOP, runner.report(bad, "score", 1, 1));
        assertEquals(ResourceRequest.DEFAULT, bad.resources, "a stopped trial is not resized");
    }

    @Test
    void trialsMustStartWithTheSameRequest() {
        FakeRunner runner = runner(overAsha());
        runner.add("a");
        TestTrialView big = new TestTrialView("big");
        big.resources = ResourceRequest.cpus(2);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> runner.add(big));
        assertEquals("ResourceChangingScheduler needs every trial to start with the same resources: the first asked for 1.0 CPU, trial train_big_0 asks for "
                + "2.0 CPU; give all trials the same Tuner.resources(...)", e.getMessage());
    }

    @Test
    void itsStateKeepsTheBaseRequestTheWaitingTrialsAndTheWrappedSchedulers() {
        ResourceChangingScheduler scheduler = overAsha();
        FakeRunner runner = runner(scheduler);
        TestTrialView a = runner.add("a");
        runner.add("b").status = TrialStatus.TERMINATED;
        runner.report(a, "score", 1, 1);
        String saved = scheduler.saveState();
        assertTrue(saved.contains("\"resizing\":[\"a\"]") && saved.contains("\"base\":{"), saved);

        ResourceChangingScheduler restored = overAsha();
        FakeRunner again = runner(restored);
        TestTrialView a2 = new TestTrialView("a");
        a2.resources = ResourceRequest.cpus(8);
        a2.lastResult = a.lastResult; // a resized trial has results, so its request may differ from the base
        again.add(a2).status = TrialStatus.PAUSED;
        again.add("b").status = TrialStatus.TERMINATED;
        restored.restoreState(saved);
        assertEquals(saved, restored.saveState());
        assertSame(a2, restored.chooseTrialToRun(again), "a trial paused to resize is restarted first after a resume too");
    }

    @Test
    void theFullBudgetIsTheBases() {
        ResourceChangingScheduler scheduler = overAsha();
        scheduler.setup(FakeRunner.experiment("score", Mode.MAX, 5));
        TestTrialView t = new TestTrialView("t");
        assertTrue(scheduler.reachedFullBudget(t.result("score", 1, 9)), "the wrapped ASHA's max_t is 9");
        assertFalse(scheduler.reachedFullBudget(t.result("score", 1, 8)));
    }
}
