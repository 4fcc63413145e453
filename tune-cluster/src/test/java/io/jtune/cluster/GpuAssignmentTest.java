package io.jtune.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jtune.api.ResourceRequest;
import io.jtune.api.space.SearchSpace;
import io.jtune.cluster.driver.ClusterExecutorFactory;
import io.jtune.cluster.driver.ClusterSettings;
import io.jtune.cluster.node.HostPort;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
/**
 * A worker JVM declaring two (fake) GPUs: every trial is given indices of that worker, whole GPUs
 * never to two trials at once, fractions packed onto one GPU, and freed indices go to later trials.
 * {@link GpuTrainable} fails a trial whose GPUs are already taken in the worker.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GpuAssignmentTest {
    private Path dir;
    private WorkerProcesses workers;
    private ClusterSettings settings;

    @BeforeAll
    void startWorker(@TempDir Path tempDir) {
        dir = tempDir;
        int port = WorkerProcesses.freePort();
        settings = ClusterSettings.at(new HostPort("127.0.0.1", port)).insecureOnLoopback().withWaitForWorkers(Duration.ofSeconds(60));
        workers = new WorkerProcesses();
        workers.start("gpus", null, "--join", "127.0.0.1:" + port, "--insecure", "--resources", "cpu=8,gpu=2", "--work-dir", dir.resolve("w").toString());
    }

    @AfterAll
    void stopWorker() {
        workers.close();
    }

    private ResultGrid run(String name, double gpu, int trials) {
        return Tuner.of(GpuTrainable.class)
                .name(name)
                .storagePath(dir.resolve("results"))
                .space(SearchSpace.builder().grid("trial", range(trials)).constant("gpu", gpu)
                        .constant("iterations", 4).constant("stepMillis", 150).build())
                .resources(ResourceRequest.cpus(1).withGpu(gpu))
                .progress(false)
                .executor(ClusterExecutorFactory.with(settings))
                .fit();
    }

    @Test
    void twoOneGpuTrialsAtOnceGetDisjointGpusAndLaterTrialsReuseThem() {
        ResultGrid grid = run("whole", 1, 4);

        assertEquals(4, grid.numTerminated(), errors(grid));
        Set<Integer> used = new HashSet<>();
        for (TrialOutcome t : grid.trials()) {
            List<Integer> ids = gpuIds(t);
            assertEquals(1, ids.size(), t.name() + " got " + ids);
            used.addAll(ids);
        }
        assertEquals(Set.of(0, 1), used, "four trials on the two GPU indices: each index freed and given again");
        assertEquals(2, maxHolders(grid), "two trials held a GPU at once");
    }

    @Test
    void halfGpuTrialsShareOneGpuTwoAtATime() {
        ResultGrid grid = run("half", 0.5, 4);

        assertEquals(4, grid.numTerminated(), errors(grid));
        for (TrialOutcome t : grid.trials()) {
            assertEquals(1, gpuIds(t).size(), t.name());
        }
        assertEquals(4, maxHolders(grid), "four half-GPU trials ran at once on two GPUs");
    }

    private static Object[] range(int n) {
        Object[] values = new Object[n];
        for (int i = 0; i < n; i++) {
            values[i] = i;
        }
        return values;
    }

    @SuppressWarnings("unchecked")
    private static List<Integer> gpuIds(TrialOutcome trial) {
        return ((List<Number>) trial.lastResult().get("gpu_ids")).stream().map(Number::intValue).toList();
    }

    private static int maxHolders(ResultGrid grid) {
        return grid.trials().stream().flatMap(t -> t.history().stream()).mapToInt(r -> ((Number) r.get("holders")).intValue()).max().orElse(0);
    }

    private static String errors(ResultGrid grid) {
        return grid.trials().stream().filter(t -> t.errorTrace() != null).map(t -> t.name() + ": " + t.errorTrace()).toList().toString();
    }
}
