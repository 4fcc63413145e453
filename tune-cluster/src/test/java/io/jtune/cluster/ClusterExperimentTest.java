package io.jtune.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.TrialStatus;
import io.jtune.api.space.SearchSpace;
import io.jtune.cluster.driver.ClusterExecutorFactory;
import io.jtune.cluster.driver.ClusterSettings;
import io.jtune.cluster.node.HostPort;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.schedule.AsyncHyperBandScheduler;
import io.jtune.engine.stop.MaximumIterationStopper;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
/** Driver in this JVM, two worker JVMs on 127.0.0.1 (plaintext on loopback), experiments across them. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClusterExperimentTest {
    private Path dir;
    private WorkerProcesses workers;
    private WorkerProcesses.WorkerProcess big;
    private WorkerProcesses.WorkerProcess small;
    private ClusterSettings settings;

    @BeforeAll
    void startWorkers(@TempDir Path tempDir) {
        dir = tempDir;
        int port = WorkerProcesses.freePort();
        settings = ClusterSettings.at(new HostPort("127.0.0.1", port)).insecureOnLoopback().withMinWorkers(2).withWaitForWorkers(Duration.ofSeconds(60));
        workers = new WorkerProcesses();
        big = workers.start("big", null, "--join", "127.0.0.1:" + port, "--insecure", "--resources", "cpu=2,large_mem=1", "--work-dir", dir.resolve("w-big").toString());
        small = workers.start("small", null, "--join", "127.0.0.1:" + port, "--insecure", "--resources", "cpu=2", "--work-dir", dir.resolve("w-small").toString());
    }

    @AfterAll
    void stopWorkers() {
        workers.close();
    }

    private Tuner asha(String name) {
        return Tuner.of(StepTrainable.class)
                .name(name)
                .storagePath(dir.resolve("results"))
                .space(SearchSpace.builder().uniform("x", 0, 1).build())
                .metric("score", Mode.MAX)
                .numSamples(8)
                .seed(7)
                .maxConcurrentTrials(1)
                .scheduler(AsyncHyperBandScheduler.builder().maxT(9).gracePeriod(1).reductionFactor(3).build())
                .stop(new MaximumIterationStopper(9))
                .progress(false);
    }

    @Test
    void ashaOverTwoWorkersEndsAsTheSameSeededLocalRun() {
        ResultGrid local = asha("local").fit();
        ResultGrid cluster = asha("cluster").executor(ClusterExecutorFactory.with(settings)).fit();

        assertEquals(summary(local), summary(cluster));
        Set<Object> pids = new HashSet<>();
        cluster.trials().forEach(t -> t.history().forEach(r -> pids.add(r.get("worker_pid"))));
        assertEquals(Set.of(big.pid(), small.pid()), longs(pids), "trials ran on both workers");
    }

    @Test
    void aCustomResourceRoutesTrialsOnlyToTheWorkerThatHasIt() {
        ResultGrid grid = Tuner.of(StepTrainable.class)
                .name("large-mem")
                .storagePath(dir.resolve("results"))
                .space(SearchSpace.builder().grid("x", 0.1, 0.2, 0.3, 0.4).build())
                .resources(ResourceRequest.cpus(1).withCustom("large_mem", 0.5))
                .stop(new MaximumIterationStopper(2))
                .progress(false)
                .executor(ClusterExecutorFactory.with(settings))
                .fit();

        assertEquals(4, grid.numTerminated());
        Set<Object> pids = new HashSet<>();
        grid.trials().forEach(t -> t.history().forEach(r -> pids.add(r.get("worker_pid"))));
        assertEquals(Set.of(big.pid()), longs(pids));
    }

    private static Set<Long> longs(Set<Object> values) {
        Set<Long> out = new HashSet<>();
        values.forEach(v -> out.add(((Number) v).longValue()));
        return out;
    }

    /** Each trial's config, status and scores, in creation order. */
    private static Map<Integer, String> summary(ResultGrid grid) {
        Map<Integer, String> out = new LinkedHashMap<>();
        for (TrialOutcome t : grid.trials()) {
            List<Object> scores = t.history().stream().map(r -> (Object) (r.get("training_iteration") + ":" + r.get("score"))).toList();
            out.put(out.size(), t.config() + " " + t.status() + " " + scores);
        }
        assertTrue(grid.trials().stream().anyMatch(t -> t.status() == TrialStatus.TERMINATED));
        return out;
    }
}
