package io.jtune.engine.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.engine.exec.TrialEvent;
import io.jtune.engine.exec.TrialLaunch;
import io.jtune.engine.remote.TrainableClasses;
import io.jtune.engine.testing.DriverWaits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The executor's own contract: pooled workers, and a stalled run ended by killing its worker. */
class ProcessTrialExecutorTest {
    @TempDir
    Path dir;

    private ProcessTrialExecutor executor() {
        return new ProcessTrialExecutor(TrainableClasses.spec(Faulty.class), new ResourceRequest(2, 0, 1L << 30, Map.of()), false,
                ProcessExecutorFaultsTest.FAST_START);
    }

    private TrialLaunch launch(String id, long runId, String fault) throws Exception {
        return new TrialLaunch(id, runId, Config.of(Map.of("fault", fault)), Files.createDirectories(dir.resolve(id)), ResourceRequest.cpus(1), null, 0);
    }

    private static TrialEvent.Reported reported(ProcessTrialExecutor executor) throws InterruptedException {
        TrialEvent event = executor.nextEvent(60, TimeUnit.SECONDS);
        assertNotNull(event, "no event within 60 s");
        return assertInstanceOf(TrialEvent.Reported.class, event);
    }

    private static long pid(TrialEvent.Reported r) {
        return ((Number) r.metrics().get("worker_pid")).longValue();
    }

    @Test
    void aStoppedTrialsWorkerTakesTheNextTrial() throws Exception {
        try (ProcessTrialExecutor executor = executor()) {
            executor.start(launch("a", 1, "none"));
            long first = pid(reported(executor));
            executor.stop("a", true);
            executor.start(launch("b", 2, "none"));
            TrialEvent.Reported next = reported(executor);
            assertEquals("b", next.trialId());
            assertEquals(first, pid(next), "the JVM was reused");
            executor.stop("b", true);
        }
    }

    /** A steering request's wake ends the driver's wait for events while the only trial computes and posts nothing. */
    @Test
    void aWakeEndsTheDriversWaitWhileNoWorkerPosts() throws Exception {
        try (ProcessTrialExecutor executor = executor()) {
            executor.start(launch("spinner", 1, "spin"));
            reported(executor);
            executor.continueTraining("spinner"); // step 2 spins: no event comes

            assertNull(DriverWaits.nextEventAfterAWake(executor), "the wait ended, without an event");
            assertTrue(executor.hasPendingEvents(), "the trial still runs");
            executor.abandon("spinner", "the test is over");
        }
    }

    @Test
    void anAbandonedRunsWorkerIsKilledAndTheNextTrialGetsANewOne() throws Exception {
        try (ProcessTrialExecutor executor = executor()) {
            executor.start(launch("spinner", 1, "spin"));
            long spinning = pid(reported(executor));
            executor.continueTraining("spinner");
            assertNull(executor.nextEvent(300, TimeUnit.MILLISECONDS), "step 2 spins");
            assertTrue(executor.hasPendingEvents());

            executor.abandon("spinner", "it exceeded the stall limit");

            assertFalse(executor.hasPendingEvents(), "no event of an abandoned run comes");
            assertTrue(executor.hasResources(ResourceRequest.cpus(2)), "its resources are free at once");
            ProcessHandle.of(spinning).ifPresent(h -> h.onExit().orTimeout(30, TimeUnit.SECONDS).join());
            assertFalse(ProcessHandle.of(spinning).map(ProcessHandle::isAlive).orElse(false), "the worker was killed");
            executor.start(launch("after", 2, "none"));
            TrialEvent.Reported after = reported(executor);
            assertEquals("after", after.trialId());
            assertNotEquals(spinning, pid(after));
            executor.stop("after", false);
        }
    }
}
