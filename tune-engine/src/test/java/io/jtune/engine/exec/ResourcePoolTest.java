package io.jtune.engine.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.ResourceRequest;
import io.jtune.engine.spec.DetectedMachine;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
class ResourcePoolTest {
    private static final ResourceRequest MACHINE = new ResourceRequest(2, 1, 1_000, Map.of("db", 3.0));

    @Test
    void fractionalCpusAddUpExactly() {
        ResourcePool pool = new ResourcePool(MACHINE);
        ResourceRequest tenth = ResourceRequest.cpus(0.1);
        for (int i = 0; i < 20; i++) {
            assertTrue(pool.hasFree(tenth), "slot " + i);
            pool.commit(tenth);
        }
        assertFalse(pool.hasFree(tenth));
        assertEquals(0.0, pool.free().cpu());
        pool.release(tenth);
        assertTrue(pool.hasFree(tenth));
    }

    @Test
    void gpuFractionsMemoryAndCustomResourcesAreAccounted() {
        ResourcePool pool = new ResourcePool(MACHINE);
        ResourceRequest request = ResourceRequest.cpus(0).withGpu(0.5).withMemory(400).withCustom("db", 1.5);
        List<Integer> first = pool.commit(request);
        assertEquals(List.of(0), pool.commit(request), "halves share GPU 0");
        assertFalse(pool.hasFree(ResourceRequest.cpus(0).withGpu(0.1)), "both GPU halves are taken");
        assertFalse(pool.hasFree(ResourceRequest.cpus(0).withMemory(201)), "only 200 B are left");
        assertTrue(pool.hasFree(ResourceRequest.cpus(0).withMemory(200)));
        assertFalse(pool.hasFree(ResourceRequest.cpus(0).withCustom("db", 0.5)), "all 3 db are taken");
        assertTrue(pool.hasFree(ResourceRequest.cpus(2)), "no CPU was asked for");
        pool.release(request, first);
        assertEquals(1.5, pool.free().custom().get("db"));
        assertEquals(0.5, pool.free().gpu());
    }

    @Test
    void wholeGpusAreNeverSharedAndFractionsPackOntoOneGpu() {
        ResourcePool pool = new ResourcePool(new ResourceRequest(16, 4, 0, Map.of()));
        ResourceRequest one = ResourceRequest.cpus(0).withGpu(1);
        ResourceRequest quarter = ResourceRequest.cpus(0).withGpu(0.25);
        List<Integer> a = pool.commit(one);
        List<Integer> q1 = pool.commit(quarter);
        List<Integer> q2 = pool.commit(quarter);
        assertEquals(List.of(0), a);
        assertEquals(List.of(1), q1);
        assertEquals(q1, q2, "a fraction goes to the fullest GPU it fits on");
        assertEquals(List.of(2, 3), pool.commit(ResourceRequest.cpus(0).withGpu(2)));
        assertFalse(pool.hasFree(one), "2.5 GPUs are free in total, but no whole one");
        assertTrue(pool.hasFree(ResourceRequest.cpus(0).withGpu(0.5)));
        pool.release(one, a);
        assertEquals(List.of(0, 1), pool.commit(ResourceRequest.cpus(0).withGpu(1.5)), "the whole GPU 0, and half of the shared GPU 1");
        assertFalse(pool.hasFree(quarter.withGpu(0.01)), "every GPU is full");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> pool.release(quarter));
        assertTrue(e.getMessage().contains("release(request, gpuIds)"), e.getMessage());
    }

    @Test
    void requestsBeyondTheTotalsNeverFit() {
        ResourcePool pool = new ResourcePool(MACHINE);
        assertFalse(pool.fitsTotals(ResourceRequest.cpus(3)));
        assertFalse(pool.fitsTotals(ResourceRequest.cpus(1).withGpu(2)));
        assertFalse(pool.fitsTotals(ResourceRequest.cpus(1).withCustom("tpu", 1)), "the machine offers no tpu");
        assertTrue(pool.fitsTotals(ResourceRequest.cpus(2).withGpu(1).withCustom("db", 3)));
    }

    @Test
    void committingWhatIsNotFreeAndOverReleasingAreBugs() {
        ResourcePool pool = new ResourcePool(MACHINE);
        pool.commit(ResourceRequest.cpus(2));
        IllegalStateException full = assertThrows(IllegalStateException.class, () -> pool.commit(ResourceRequest.cpus(1)));
        assertTrue(full.getMessage().contains("1.0 CPU"), full.getMessage());
        pool.release(ResourceRequest.cpus(2));
        assertThrows(IllegalStateException.class, () -> pool.release(ResourceRequest.cpus(1)));
    }

    @Test
    void detectionReadsTheJvmsCpuCountAndOverridesApply() {
        ResourceRequest detected = DetectedMachine.resources();
        assertEquals(Runtime.getRuntime().availableProcessors(), detected.cpu());
        assertTrue(detected.memoryBytes() > 0);
        ResourceRequest overridden = detected.withCpu(96).withGpu(0.5).withCustom("db", 2);
        assertEquals(96, overridden.cpu());
        assertEquals(0.5, overridden.gpu());
        assertEquals(Map.of("db", 2.0), overridden.custom());
        assertThrows(IllegalArgumentException.class, () -> detected.withCpu(-1));
    }

    @Test
    void thePhysicalMemoryIsReadWhenAskedForAndCountsAsItsAmount() {
        ResourceRequest detected = DetectedMachine.resources();
        long physical = detected.memoryBytes();
        assertTrue(physical > 0);
        assertEquals(physical, detected.withCpu(3).memoryBytes(), "kept through the with... methods");
        ResourceRequest explicit = new ResourceRequest(detected.cpu(), detected.gpu(), physical, Map.of());
        assertEquals(explicit, detected);
        assertEquals(detected, explicit);
        assertEquals(explicit.hashCode(), detected.hashCode());
        assertNotEquals(explicit.withMemory(physical - 1), detected);
        ResourcePool pool = new ResourcePool(detected);
        assertFalse(pool.hasFree(ResourceRequest.cpus(0).withMemory(physical + 1)), "a request above the physical memory does not fit");
        assertTrue(pool.hasFree(ResourceRequest.cpus(0).withMemory(physical)));
        assertThrows(IllegalArgumentException.class, () -> detected.withMemory(-2));
    }
}
