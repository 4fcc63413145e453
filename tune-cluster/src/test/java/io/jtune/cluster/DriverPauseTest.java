package io.jtune.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A driver paused (SIGSTOP, then SIGCONT: a long GC pause or a frozen VM) while its workers run on
 * fixed ports: the workers are downed, start a new incarnation at the same address, rejoin on their
 * own, and the experiment finishes, each training_iteration logged once.
 */
class DriverPauseTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /**
     * What a worker's output shows once its membership has ended (the console line), or was ended
     * (its own downing decision, or Pekko's note that another worker downed it). A worker's old
     * membership may finish shutting down only once the paused driver answers again, so the
     * console line alone can come after the pause.
     */
    private static final List<String> DOWNED = List.of("this worker left the cluster", "it leaves the cluster", "this member has been downed");
    private static final String ADMITTED = " joined the driver ";
    /** Steps long enough that the experiment is still running when the workers are back. */
    private static final int STEP_MILLIS = 2000;

    @TempDir
    Path dir;

    @Test
    void workersOnFixedPortsDownedByAPausedDriverRejoinAndTheRunFinishes() throws Exception {
        int port = WorkerProcesses.freePort();
        Path storage = dir.resolve("results");
        Path experiment = storage.resolve(ClusterDriverProgram.NAME);
        try (WorkerProcesses processes = new WorkerProcesses()) {
            List<WorkerProcesses.WorkerProcess> workers = new ArrayList<>();
            for (String name : List.of("a", "b")) {
                workers.add(processes.start("pause-" + name, null, "--join", "127.0.0.1:" + port, "--port", Integer.toString(WorkerProcesses.freePort()),
                        "--insecure", "--resources", "cpu=2", "--work-dir", dir.resolve(name).toString()));
            }
            WorkerProcesses.WorkerProcess driver = processes.startMain("paused-driver", null, ClusterDriverProgram.class, storage.toString(), Integer.toString(port),
                    Integer.toString(STEP_MILLIS));
            WorkerProcesses.await("results of every trial before the pause", Duration.ofSeconds(120), () -> DriverRestartTest.linesPerTrial(experiment).size() == 3
                    && DriverRestartTest.linesPerTrial(experiment).stream().allMatch(n -> n >= 2));
            driver.signal("STOP");
            try {
                WorkerProcesses.await("both workers downed while the driver is paused", Duration.ofSeconds(90),
                        () -> workers.stream().allMatch(w -> DOWNED.stream().anyMatch(w.output()::contains)), workers);
            } finally {
                driver.signal("CONT");
            }
            WorkerProcesses.await("both workers admitted again by the resumed driver", Duration.ofSeconds(60),
                    () -> workers.stream().allMatch(w -> occurrences(w.output(), ADMITTED) >= 2), workers);
            assertEquals(0, driver.awaitExit(Duration.ofSeconds(150)), driver.output());

            assertTrue(driver.output().contains("terminated=3"), driver.output());
            for (WorkerProcesses.WorkerProcess worker : workers) {
                assertTrue(worker.output().contains(": this worker left the cluster (it and the driver did not hear from each other in time)"
                        + "; joining again"), "the worker says it left the cluster, not that the experiment ended: " + worker.output());
                assertFalse(worker.output().contains("left: its experiment ended"), worker.output());
            }
            for (Path result : DriverRestartTest.resultFiles(experiment)) {
                List<Long> iterations = new ArrayList<>();
                for (String line : Files.readAllLines(result)) {
                    JsonNode row = JSON.readTree(line);
                    iterations.add(row.get("training_iteration").asLong());
                }
                assertEquals(LongStream.rangeClosed(1, ClusterDriverProgram.ITERATIONS).boxed().toList(), iterations, result.toString());
            }
        }
    }

    private static int occurrences(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
