package io.jtune.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver is never downed, whatever its workers observed. A driver paused just long enough that
 * its workers mark it unreachable and leave, but not so long that they are gone when it resumes,
 * hears from them that they found it unreachable while it finds them unreachable too (an
 * "indirectly connected" driver to a split brain resolver, which downs it with them). The driver
 * must keep its membership, admit the workers' new incarnations and finish the run.
 */
class DriverKeptAfterPauseTest {
    /** Time for a worker that lost the driver to down itself (2 s after it marked the driver unreachable) and to gossip that, not to be gone yet. */
    private static final long DOWNING_MILLIS = 2500;

    @TempDir
    Path dir;

    @Test
    void aDriverResumedWhileItsWorkersLeaveKeepsItsMembershipAndFinishesTheRun() throws Exception {
        int port = WorkerProcesses.freePort();
        Path storage = dir.resolve("results");
        Path experiment = storage.resolve(ClusterDriverProgram.NAME);
        String driverUnreachable = "Marking node as UNREACHABLE [Member(" + "pekko://jtune@127.0.0.1:" + port;
        try (WorkerProcesses processes = new WorkerProcesses()) {
            List<WorkerProcesses.WorkerProcess> workers = new ArrayList<>();
            for (String name : List.of("a", "b", "c")) {
                workers.add(processes.start("kept-" + name, null, "--join", "127.0.0.1:" + port, "--port", Integer.toString(WorkerProcesses.freePort()),
                        "--insecure", "--resources", "cpu=1", "--work-dir", dir.resolve(name).toString()));
            }
            WorkerProcesses.WorkerProcess driver = processes.startMain("kept-driver", null, ClusterDriverProgram.class, storage.toString(), Integer.toString(port),
                    "1000", "12");
            WorkerProcesses.await("results of every trial before the pause", Duration.ofSeconds(120), () -> DriverRestartTest.linesPerTrial(experiment).size() == 3
                    && DriverRestartTest.linesPerTrial(experiment).stream().allMatch(n -> n >= 2));
            driver.signal("STOP");
            try {
                WorkerProcesses.await("every worker marked the paused driver unreachable", Duration.ofSeconds(60),
                        () -> workers.stream().allMatch(w -> w.output().contains(driverUnreachable)), workers);
                TimeUnit.MILLISECONDS.sleep(DOWNING_MILLIS);
            } finally {
                driver.signal("CONT");
            }
            assertEquals(0, driver.awaitExit(Duration.ofSeconds(150)), driver.output());
            assertTrue(driver.output().contains("terminated=3"), driver.output());
            assertFalse(driver.output().contains("including myself"), driver.output());
        }
    }
}
