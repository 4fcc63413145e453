package io.jtune.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A seeded schedule of faults against a cluster run on 127.0.0.1 (a driver JVM and three workers on
 * fixed ports), each drawn from: a worker paused (SIGSTOP) for 2-6 s, a worker killed (kill -9) and a
 * new one started late on its port, the driver paused for 5-12 s. Seed {@value #SEED} gives two driver
 * pauses and four worker pauses. After the schedule: every trial TERMINATED, each training_iteration
 * logged exactly once, progress.csv holding the same iterations as result.json, and no process of
 * the run left.
 */
class ChaosScheduleTest {
    static final long SEED = 41;
    static final int FAULTS = 6;
    private static final int ITERATIONS = 60;
    private static final int STEP_MILLIS = 300;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aClusterRunSurvivesASeededScheduleOfPausesAndKills() throws Exception {
        Random random = new Random(SEED);
        int driverPort = WorkerProcesses.freePort();
        Path storage = dir.resolve("results");
        Path experiment = storage.resolve(ClusterDriverProgram.NAME);
        List<Long> pids = new ArrayList<>();
        List<String> log = new ArrayList<>();
        try (WorkerProcesses processes = new WorkerProcesses()) {
            int[] ports = {WorkerProcesses.freePort(), WorkerProcesses.freePort(), WorkerProcesses.freePort()};
            List<WorkerProcesses.WorkerProcess> workers = new ArrayList<>();
            for (int i = 0; i < ports.length; i++) {
                workers.add(startWorker(processes, driverPort, ports[i], i));
                pids.add(workers.get(i).pid());
            }
            WorkerProcesses.WorkerProcess driver = processes.startMain("chaos-driver", null, ClusterDriverProgram.class, storage.toString(),
                    Integer.toString(driverPort), Integer.toString(STEP_MILLIS), Integer.toString(ITERATIONS));
            pids.add(driver.pid());
            WorkerProcesses.await("results of every trial", Duration.ofSeconds(120), () -> DriverRestartTest.linesPerTrial(experiment).size() == 3);
            for (int fault = 0; fault < FAULTS && driver.process().isAlive(); fault++) {
                TimeUnit.MILLISECONDS.sleep(1000 + random.nextInt(3000));   // the schedule's spacing, not an assertion
                int kind = random.nextInt(3);
                int target = random.nextInt(workers.size());
                if (kind == 0) {
                    long pause = 2000 + random.nextInt(4000);
                    log.add("SIGSTOP worker " + target + " for " + pause + " ms");
                    pauseFor(workers.get(target), pause);
                } else if (kind == 1) {
                    log.add("kill -9 worker " + target + ", a new one on its port");
                    workers.get(target).kill();
                    TimeUnit.MILLISECONDS.sleep(1000 + random.nextInt(3000));
                    workers.set(target, startWorker(processes, driverPort, ports[target], target));
                    pids.add(workers.get(target).pid());
                } else {
                    long pause = 5000 + random.nextInt(7000);
                    log.add("SIGSTOP driver for " + pause + " ms");
                    pauseFor(driver, pause);
                }
            }
            assertEquals(0, driver.awaitExit(Duration.ofSeconds(300)), log + "\n" + driver.output());
            System.out.println("chaos schedule (seed " + SEED + "), all survived: " + log);
            workers.forEach(w -> w.process().descendants().forEach(d -> pids.add(d.pid())));
            assertTrue(driver.output().contains("terminated=3"), log + "\n" + driver.output());
            List<Path> results = DriverRestartTest.resultFiles(experiment);
            assertEquals(3, results.size());
            for (Path result : results) {
                List<Long> iterations = new ArrayList<>();
                for (String line : Files.readAllLines(result)) {
                    JsonNode row = JSON.readTree(line);
                    iterations.add(row.get("training_iteration").asLong());
                }
                assertEquals(LongStream.rangeClosed(1, ITERATIONS).boxed().toList(), iterations, log + " " + result);
                assertEquals(iterations, csvIterations(result.resolveSibling("progress.csv")), log + " CSV = JSON for " + result.getParent());
            }
        }
        for (long pid : pids) {
            ProcessHandle.of(pid).ifPresent(p -> p.onExit().completeOnTimeout(p, 30, TimeUnit.SECONDS).join());
        }
        List<Long> alive = pids.stream().filter(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).toList();
        assertEquals(List.of(), alive, "processes of the run left behind");
    }

    private WorkerProcesses.WorkerProcess startWorker(WorkerProcesses processes, int driverPort, int port, int index) {
        return processes.start("chaos-worker-" + index, null, "--join", "127.0.0.1:" + driverPort, "--port", Integer.toString(port), "--insecure",
                "--resources", "cpu=1", "--work-dir", dir.resolve("w" + index + "-" + System.nanoTime()).toString());
    }

    private static void pauseFor(WorkerProcesses.WorkerProcess process, long millis) throws InterruptedException {
        process.signal("STOP");
        try {
            TimeUnit.MILLISECONDS.sleep(millis);
        } finally {
            process.signal("CONT");
        }
    }

    private static List<Long> csvIterations(Path csv) throws java.io.IOException {
        List<String> lines = Files.readAllLines(csv);
        List<String> header = List.of(lines.get(0).split(","));
        int column = header.indexOf("training_iteration");
        List<Long> iterations = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            iterations.add(Long.parseLong(line.split(",")[column]));
        }
        return iterations;
    }
}
