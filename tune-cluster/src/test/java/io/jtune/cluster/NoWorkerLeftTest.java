package io.jtune.cluster;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.ConfigurationKeys;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TuneException;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialView;
import io.jtune.cluster.driver.ClusterExecutorFactory;
import io.jtune.cluster.driver.ClusterSettings;
import io.jtune.cluster.node.HostPort;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.spec.CheckpointPolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The driver never waits silently: when its only worker is gone for longer than the wait for workers, the run fails naming the waiting trial. */
class NoWorkerLeftTest {
    private static final Duration WAIT_FOR_WORKERS = Duration.ofSeconds(15);

    @TempDir
    Path dir;

    /** The trial that reported first. */
    static final class FirstResult implements Callback {
        final CompletableFuture<String> trial = new CompletableFuture<>();

        @Override
        public void onTrialResult(TrialView view, Result result) {
            trial.complete(view.id());
        }
    }

    @Test
    void trialsThatNoLiveWorkerCanTakeFailTheRunAfterTheWaitForWorkersNamingThem() throws Exception {
        try (WorkerProcesses workers = new WorkerProcesses()) {
            int port = WorkerProcesses.freePort();
            WorkerProcesses.WorkerProcess only = workers.start("only", null, "--join", "127.0.0.1:" + port, "--insecure", "--resources", "cpu=1",
                    "--work-dir", dir.resolve("w").toString());
            FirstResult first = new FirstResult();
            Tuner tuner = Tuner.of(StepTrainable.class).name("orphaned").storagePath(dir.resolve("results"))
                    .space(SearchSpace.builder().grid("x", 0.1, 0.2).constant("stepMillis", 300).constant("iterations", 1000).build())
                    .resources(ResourceRequest.cpus(1)).checkpoint(CheckpointPolicy.every(1)).callbacks(first).progress(false)
                    .executor(ClusterExecutorFactory.with(ClusterSettings.at(new HostPort("127.0.0.1", port)).insecureOnLoopback()
                            .withWaitForWorkers(WAIT_FOR_WORKERS)));
            CompletableFuture<ResultGrid> run = CompletableFuture.supplyAsync(tuner::fit);
            String trial = first.trial.get(90, TimeUnit.SECONDS);
            only.kill();

            ExecutionException failed = assertThrows(ExecutionException.class, () -> run.get(120, TimeUnit.SECONDS));
            TuneException error = assertInstanceOf(TuneException.class, failed.getCause());
            String message = error.getMessage();
            assertTrue(message.contains("trial " + trial + " (") && message.contains("was lost") && message.contains(ConfigurationKeys.CLUSTER_WAIT_FOR_WORKERS)
                    && message.contains("1.0 CPU") && message.contains(ConfigurationKeys.CLUSTER_KEEP_WAITING), message);
        }
    }
}
