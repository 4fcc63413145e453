package io.jtune.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.engine.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver's own loss: a driver JVM is killed with SIGKILL mid-experiment while its two workers
 * live; a new driver JVM restores the experiment on the same address, the workers join it again
 * and the trials finish from their checkpoints, each training_iteration logged once.
 */
class DriverRestartTest {
    private static final ObjectMapper JSON = Json.mapper();

    @TempDir
    Path dir;

    @Test
    void aKilledDriverIsRestoredAndTheWorkersJoinTheNewOne() throws Exception {
        int port = WorkerProcesses.freePort();
        Path storage = dir.resolve("results");
        Path experiment = storage.resolve(ClusterDriverProgram.NAME);
        try (WorkerProcesses processes = new WorkerProcesses()) {
            Set<Long> workerPids = new HashSet<>();
            for (String name : List.of("a", "b")) {
                workerPids.add(processes.start("restart-" + name, null, "--join", "127.0.0.1:" + port, "--insecure", "--resources", "cpu=2",
                        "--work-dir", dir.resolve(name).toString()).pid());
            }
            WorkerProcesses.WorkerProcess first = processes.startMain("driver-1", null, ClusterDriverProgram.class, storage.toString(), Integer.toString(port));
            WorkerProcesses.await("results of every trial before the kill", Duration.ofSeconds(120), () -> linesPerTrial(experiment).size() == 3
                    && linesPerTrial(experiment).stream().allMatch(n -> n >= 2));
            first.kill();

            WorkerProcesses.WorkerProcess second = processes.startMain("driver-2", null, ClusterDriverProgram.class, storage.toString(), Integer.toString(port));
            assertEquals(0, second.awaitExit(Duration.ofSeconds(150)), second.output());

            assertTrue(second.output().contains("terminated=3"), second.output());
            for (Path result : resultFiles(experiment)) {
                List<Long> iterations = new ArrayList<>();
                for (String line : Files.readAllLines(result)) {
                    JsonNode row = JSON.readTree(line);
                    iterations.add(row.get("training_iteration").asLong());
                    assertTrue(workerPids.contains(row.get("worker_pid").asLong()), "computed by a worker: " + line);
                }
                assertEquals(LongStream.rangeClosed(1, ClusterDriverProgram.ITERATIONS).boxed().toList(), iterations, result.toString());
            }
        }
    }

    /**
     * The trials' {@code result.json} files. Lists the experiment folder without visiting its
     * files: the driver replaces {@code .experiment_state.json.tmp} while this runs, and a walk
     * that reads attributes fails when that file is renamed under it.
     */
    static List<Path> resultFiles(Path experiment) {
        if (!Files.isDirectory(experiment)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(experiment)) {
            return entries.map(p -> p.resolve("result.json")).filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Long> linesPerTrial(Path experiment) {
        List<Long> counts = new ArrayList<>();
        for (Path file : resultFiles(experiment)) {
            try (Stream<String> lines = Files.lines(file)) {
                counts.add(lines.count());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return counts;
    }
}
