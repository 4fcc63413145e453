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
    /** The first line of each membership: "waiting for the driver at h:p, offering ...". */
    private static final String JOINING = ", offering ";
    /** The note a worker prints every 10 s while it waits in vain. */
    private static final String JOIN_RETRY = "waiting for the driver at ";
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
                WorkerProcesses.await("both workers downed and trying in vain to join the paused driver again", Duration.ofSeconds(90),
                        () -> workers.stream().allMatch(w -> occurrences(after(w.output(), JOINING, 2), JOIN_RETRY) >= 1), workers);
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

    /** The text after the {@code n}-th occurrence of {@code part} (empty when there are fewer). */
    private static String after(String text, String part, int n) {
        int at = -1;
        for (int i = 0; i < n; i++) {
            at = text.indexOf(part, at + 1);
            if (at < 0) {
                return "";
            }
        }
        return text.substring(at);
    }

    private static int occurrences(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
