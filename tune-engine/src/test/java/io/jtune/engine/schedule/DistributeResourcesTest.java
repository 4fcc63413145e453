package io.jtune.engine.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.engine.TestTrialView;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link DistributeResources}: even shares of the free units, the top job, giving back, units, limits and reserves. */
class DistributeResourcesTest {
    private static final ResourceRequest ONE_CPU = ResourceRequest.cpus(1);
    private final FakeRunner runner = new FakeRunner(new FifoScheduler());

    private TestTrialView running(String id, double cpus, double score) {
        TestTrialView t = runner.add(id);
        t.status = TrialStatus.RUNNING;
        t.resources = ResourceRequest.cpus(cpus);
        t.result("score", score, 3);
        return t;
    }

    private static ResourceRequest allocate(DistributeResources allocation, FakeRunner runner, TestTrialView trial, ResourceRequest base) {
        ResourceRequest next = allocation.allocate(runner, trial, trial.lastResult, base);
        if (next != null) {
            trial.resources = next;
        }
        return next;
    }

    @Test
    void freeCpusGoToTheLiveTrialsUpToAnEvenShare() {
        DistributeResources even = DistributeResources.evenly();
        TestTrialView a = running("a", 1, 0);
        TestTrialView b = running("b", 1, 0);
        TestTrialView c = running("c", 1, 0);
        TestTrialView d = running("d", 1, 0);
        // 8 CPUs, 4 trials on 1 each: 4 free, each may hold ceil((8 - 4) / 4) = 1 more
        assertEquals(ResourceRequest.cpus(2), allocate(even, runner, a, ONE_CPU));
        assertNull(allocate(even, runner, a, ONE_CPU), "at its share already");
        assertEquals(ResourceRequest.cpus(2), allocate(even, runner, b, ONE_CPU));
        c.status = TrialStatus.TERMINATED;
        d.status = TrialStatus.TERMINATED;
        // two live trials on 2 each: 4 free, share ceil((8 - 2) / 2) = 3 more
        assertEquals(ResourceRequest.cpus(4), allocate(even, runner, a, ONE_CPU));
        assertEquals(ResourceRequest.cpus(4), allocate(even, runner, b, ONE_CPU));
        b.status = TrialStatus.TERMINATED;
        assertEquals(ResourceRequest.cpus(8), allocate(even, runner, a, ONE_CPU), "the last trial takes every CPU");
    }

    @Test
    void trialsWaitingToStartCountSoGrownTrialsGiveBack() {
        DistributeResources even = DistributeResources.evenly();
        TestTrialView a = running("a", 7, 0);
        runner.add("new1");
        runner.add("new2");
        // 7 + 1 + 1 = 9 of 8: one short, a gives back one
        assertEquals(ResourceRequest.cpus(6), allocate(even, runner, a, ONE_CPU));
        assertNull(allocate(even, runner, a, ONE_CPU), "nothing free, nothing short");
    }

    @Test
    void nothingChangesAtIterationZero() {
        TestTrialView a = running("a", 1, 0);
        Result first = Result.of(Map.of(Result.TRAINING_ITERATION, 0L, "score", 1.0));
        assertNull(DistributeResources.evenly().allocate(runner, a, first, ONE_CPU));
    }

    @Test
    void theTopJobTakesEveryFreeCpuAndTheOthersKeepTheirs() {
        DistributeResources top = DistributeResources.toTopJob().metric("score", Mode.MAX);
        TestTrialView best = running("best", 1, 9);
        TestTrialView other = running("other", 1, 5);
        assertNull(allocate(top, runner, other, ONE_CPU), "not the best: keeps its CPU");
        assertEquals(ResourceRequest.cpus(7), allocate(top, runner, best, ONE_CPU));
        runner.add("late");
        assertEquals(ResourceRequest.cpus(6), allocate(top, runner, best, ONE_CPU), "one short: the best gives one back");
    }

    @Test
    void aGpuBaseGrowsByGpusAndKeepsItsCpusMemoryAndCustom() {
        runner.totals = new ResourceRequest(16, 4, 0, Map.of());
        ResourceRequest base = new ResourceRequest(2, 1, 1024, Map.of("ssd", 1.0));
        TestTrialView a = running("a", 2, 0);
        a.resources = base;
        assertEquals(new ResourceRequest(2, 4, 1024, Map.of("ssd", 1.0)), allocate(DistributeResources.evenly(), runner, a, base));
    }

    @Test
    void unitsLimitsAndReservesAreHonoured() {
        TestTrialView a = running("a", 1, 0);
        assertEquals(ResourceRequest.cpus(5), allocate(DistributeResources.evenly().increaseBy(ResourceRequest.cpus(2)).increaseByTimes(2), runner, a, ONE_CPU),
                "two units of 2 CPUs at most");
        a.resources = ONE_CPU;
        assertEquals(ResourceRequest.cpus(6), allocate(DistributeResources.evenly().reserve(ResourceRequest.cpus(2)), runner, a, ONE_CPU),
                "2 of the 8 CPUs are kept back");
        assertEquals("DistributeResources: increaseBy must add CPUs or GPUs, got 0.0 CPU",
                assertThrows(IllegalArgumentException.class, () -> DistributeResources.evenly().increaseBy(ResourceRequest.cpus(0))).getMessage());
        assertEquals("DistributeResources: increaseByTimes must be >= 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> DistributeResources.evenly().increaseByTimes(0)).getMessage());
    }
}
