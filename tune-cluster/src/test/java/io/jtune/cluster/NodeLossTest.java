package io.jtune.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialView;
import io.jtune.cluster.driver.ClusterExecutorFactory;
import io.jtune.cluster.driver.ClusterSettings;
import io.jtune.cluster.node.HostPort;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.json.Json;
import io.jtune.engine.spec.CheckpointPolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
/**
 * A worker lost mid-trial (kill -9, or SIGSTOP so it hangs without a TCP reset): its trials go back
 * to PENDING and finish elsewhere from their checkpoints, each training_iteration logged once.
 */
class NodeLossTest {
    /**
     * 8 s a trial: the survivor is still busy with its first trial when the killed worker's run is
     * given up, so a trial still waits when the late joiner (a JVM started on a loaded machine) is admitted.
     */
    private static final int ITERATIONS = 16;
    private static final ObjectMapper JSON = Json.mapper();

    @TempDir
    Path dir;

    /** Pids seen in results, and the first result of the chosen victim's pid. */
    static final class PidWatch implements Callback {
        final Set<Long> pids = ConcurrentHashMap.newKeySet();
        volatile long victim;
        final CompletableFuture<Void> victimReported = new CompletableFuture<>();

        @Override
        public void onTrialResult(TrialView trial, Result result) {
            long pid = ((Number) result.get("worker_pid")).longValue();
            pids.add(pid);
            if (pid == victim && ((Number) result.get("training_iteration")).longValue() >= 2) {
                victimReported.complete(null);
            }
        }
    }

    @Test
    void killNineOfAWorkerMidTrialFinishesItsTrialsOnALateJoinerFromCheckpoints() throws Exception {
        try (WorkerProcesses workers = new WorkerProcesses()) {
            int port = WorkerProcesses.freePort();
            WorkerProcesses.WorkerProcess victim = workers.start("victim", null, join(port, "cpu=1"));
            WorkerProcesses.WorkerProcess survivor = workers.start("survivor", null, join(port, "cpu=1"));
            PidWatch watch = new PidWatch();
            watch.victim = victim.pid();
            CompletableFuture<ResultGrid> run = CompletableFuture.supplyAsync(() -> experiment("kill", port, watch).fit());
            watch.victimReported.get(90, TimeUnit.SECONDS);
            victim.kill();
            WorkerProcesses.WorkerProcess late = workers.start("late", null, join(port, "cpu=1"));
            ResultGrid grid = run.get(150, TimeUnit.SECONDS);

            assertEveryIterationLoggedOnce(grid);
            assertTrue(watch.pids.contains(late.pid()), "the late joiner ran queued trials: " + watch.pids + " late " + late.pid());
            assertTrue(watch.pids.contains(survivor.pid()));
            assertTrue(grid.trials().stream().anyMatch(t -> pidsOf(t).contains(victim.pid()) && pidsOf(t).size() > 1),
                    "a trial of the killed worker moved to another worker");
        }
    }

    @Test
    void aStoppedWorkerIsDetectedAndItsTrialsFinishOnTheOther() throws Exception {
        try (WorkerProcesses workers = new WorkerProcesses()) {
            int port = WorkerProcesses.freePort();
            WorkerProcesses.WorkerProcess victim = workers.start("victim", null, join(port, "cpu=1"));
            workers.start("survivor", null, join(port, "cpu=2"));
            PidWatch watch = new PidWatch();
            watch.victim = victim.pid();
            CompletableFuture<ResultGrid> run = CompletableFuture.supplyAsync(() -> experiment("stop", port, watch).fit());
            watch.victimReported.get(90, TimeUnit.SECONDS);
            victim.signal("STOP");
            ResultGrid grid = run.get(150, TimeUnit.SECONDS);

            assertEveryIterationLoggedOnce(grid);
            assertTrue(grid.trials().stream().anyMatch(t -> pidsOf(t).contains(victim.pid()) && pidsOf(t).size() > 1),
                    "a trial of the stopped worker moved to another worker");
        }
    }

    private String[] join(int port, String resources) {
        return new String[] {"--join", "127.0.0.1:" + port, "--insecure", "--resources", resources, "--work-dir", dir.resolve("w-" + resources + "-" + System.nanoTime()).toString()};
    }

    private Tuner experiment(String name, int port, Callback watch) {
        return Tuner.of(StepTrainable.class)
                .name(name)
                .storagePath(dir.resolve("results"))
                .space(SearchSpace.builder().grid("x", 0.1, 0.2, 0.3).constant("stepMillis", 500).constant("iterations", ITERATIONS).build())
                .resources(ResourceRequest.cpus(1))
                .checkpoint(CheckpointPolicy.every(1))
                .callbacks(watch)
                .progress(false)
                .executor(ClusterExecutorFactory.with(ClusterSettings.at(new HostPort("127.0.0.1", port)).insecureOnLoopback().withMinWorkers(2)));
    }

    private static Set<Long> pidsOf(TrialOutcome trial) {
        Set<Long> pids = new HashSet<>();
        trial.history().forEach(r -> pids.add(((Number) r.get("worker_pid")).longValue()));
        return pids;
    }

    /** Every trial TERMINATED; its result.json holds iterations 1..ITERATIONS, each once, in order. */
    private static void assertEveryIterationLoggedOnce(ResultGrid grid) throws IOException {
        assertEquals(3, grid.size());
        for (TrialOutcome trial : grid.trials()) {
            assertEquals(TrialStatus.TERMINATED, trial.status(), trial.name() + " " + trial.errorTrace());
            List<Long> iterations = new ArrayList<>();
            for (String line : Files.readAllLines(trial.dir().resolve("result.json"))) {
                JsonNode row = JSON.readTree(line);
                iterations.add(row.get("training_iteration").asLong());
            }
            List<Long> expected = new ArrayList<>();
            for (long i = 1; i <= ITERATIONS; i++) {
                expected.add(i);
            }
            assertEquals(expected, iterations, trial.name() + " history " + trial.history().stream().map(r -> r.get("training_iteration") + "@" + r.get("worker_pid")).toList());
        }
    }
}
