package io.jtune.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialView;
import io.jtune.cluster.driver.ClusterExecutorFactory;
import io.jtune.cluster.driver.ClusterSettings;
import io.jtune.cluster.node.HostPort;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.spec.CheckpointPolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
/** The cluster's limits: a request no worker can ever meet, and a trial that loses its worker too often. */
class ClusterLimitsTest {
    @TempDir
    Path dir;

    /** Completes when a result computed in the process {@code pid} arrives. */
    static final class ResultFrom implements Callback {
        volatile long pid;
        volatile CompletableFuture<Void> arrived = new CompletableFuture<>();

        void await(long workerPid) throws Exception {
            arrived = new CompletableFuture<>();
            pid = workerPid;
            arrived.get(90, TimeUnit.SECONDS);
        }

        @Override
        public void onTrialResult(TrialView trial, Result result) {
            if (((Number) result.get("worker_pid")).longValue() == pid) {
                arrived.complete(null);
            }
        }
    }

    private String[] join(int port, String name, int workerPort) {
        return new String[] {"--join", "127.0.0.1:" + port, "--port", Integer.toString(workerPort), "--insecure", "--resources", "cpu=1",
            "--work-dir", dir.resolve(name).toString()};
    }

    private static ClusterSettings settings(int port) {
        return ClusterSettings.at(new HostPort("127.0.0.1", port)).insecureOnLoopback();
    }

    @Test
    void aRequestNoWorkerCanMeetIsAClearErrorNamingTheRequestAndTheWorkers() throws Exception {
        int port = WorkerProcesses.freePort();
        int workerPort = WorkerProcesses.freePort();
        try (WorkerProcesses workers = new WorkerProcesses()) {
            String[] once = Stream.concat(Arrays.stream(join(port, "small", workerPort)), Stream.of("--drivers", "1"))
                    .toArray(String[]::new);
            WorkerProcesses.WorkerProcess worker = workers.start("small", null, once);
            Tuner tuner = Tuner.of(StepTrainable.class)
                    .name("too-big")
                    .storagePath(dir.resolve("results"))
                    .space(SearchSpace.builder().grid("x", 1.0).build())
                    .resources(ResourceRequest.cpus(4))
                    .progress(false)
                    .executor(ClusterExecutorFactory.with(settings(port).withWaitForWorkers(Duration.ofSeconds(15))));

            TuneException error = assertThrows(TuneException.class, tuner::fit);

            String message = error.getMessage();
            assertTrue(message.contains(ResourceRequest.cpus(4).toString()), message);
            assertTrue(message.contains("127.0.0.1:" + workerPort + " (1.0 CPU"), "names the worker and what it has: " + message);
            assertTrue(message.contains("jtune.cluster.waitForWorkers"), message);
            assertEquals(0, worker.awaitExit(Duration.ofSeconds(60)), "--drivers 1: the worker ends with its one driver");
            assertTrue(worker.output().contains("jtune worker: served 1 driver(s)"), worker.output());
        }
    }

    @Test
    void aTrialLostMoreOftenThanMaxLostRunsEndsInErrorNamingTheTrialAndItsWorkers() throws Exception {
        int port = WorkerProcesses.freePort();
        int firstPort = WorkerProcesses.freePort();
        int secondPort = WorkerProcesses.freePort();
        try (WorkerProcesses workers = new WorkerProcesses()) {
            WorkerProcesses.WorkerProcess first = workers.start("first", null, join(port, "first", firstPort));
            ResultFrom watch = new ResultFrom();
            CompletableFuture<ResultGrid> run = CompletableFuture.supplyAsync(() -> Tuner.of(StepTrainable.class)
                    .name("lost-twice")
                    .storagePath(dir.resolve("results"))
                    .space(SearchSpace.builder().grid("x", 1.0).constant("stepMillis", 200).constant("iterations", 1000).build())
                    .checkpoint(CheckpointPolicy.every(1))
                    .callbacks(watch)
                    .progress(false)
                    .executor(ClusterExecutorFactory.with(settings(port).withMaxLostRuns(1)))
                    .fit());
            watch.await(first.pid());
            first.kill();
            WorkerProcesses.WorkerProcess second = workers.start("second", null, join(port, "second", secondPort));
            watch.await(second.pid());
            second.kill();
            ResultGrid grid = run.get(90, TimeUnit.SECONDS);

            TrialOutcome trial = grid.get(0);
            assertEquals(TrialStatus.ERROR, trial.status());
            String error = trial.errorTrace();
            assertTrue(error.contains("trial " + trial.id() + " lost its worker 2 times") && error.contains("jtune.cluster.maxLostRuns=1"), error);
            assertTrue(error.contains("127.0.0.1:" + firstPort + ", ") && error.contains("127.0.0.1:" + secondPort + "; "), "names both workers: " + error);
            assertTrue(trial.history().stream().anyMatch(r -> ((Number) r.get("worker_pid")).longValue() == second.pid()),
                    "after the first loss the trial went on on the second worker");
        }
    }
}
