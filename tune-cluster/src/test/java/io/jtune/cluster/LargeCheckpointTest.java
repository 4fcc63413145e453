package io.jtune.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialView;
import io.jtune.cluster.node.HostPort;
import io.jtune.engine.CheckpointPolicy;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.checkpoint.CheckpointFolders;
import io.jtune.engine.stop.MaximumIterationStopper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 100 MiB checkpoint, far over Pekko's 256 KiB frame limit, crosses both ways: streamed from
 * its worker into the driver's trial folder, then (after that worker is killed) from the driver
 * to the other worker, which restores it; the content is checked by SHA-256 at both ends.
 */
class LargeCheckpointTest {
    private static final int PAYLOAD_KB = 100 * 1024;

    @TempDir
    Path dir;

    /** Remembers the pid of the trial's first worker, and completes once the trial is past its checkpoint. */
    static final class PastCheckpoint implements Callback {
        volatile long firstPid;
        final CompletableFuture<Void> reached = new CompletableFuture<>();

        @Override
        public void onTrialResult(TrialView trial, Result result) {
            if (firstPid == 0) {
                firstPid = ((Number) result.get("worker_pid")).longValue();
            }
            if (((Number) result.get("training_iteration")).longValue() >= 3) {
                reached.complete(null);
            }
        }
    }

    @Test
    void aHundredMibCheckpointGoesToTheDriverAndBackToAnotherWorker() throws Exception {
        int port = WorkerProcesses.freePort();
        try (WorkerProcesses workers = new WorkerProcesses()) {
            WorkerProcesses.WorkerProcess a = workers.start("large-a", null, join(port, "a"));
            WorkerProcesses.WorkerProcess b = workers.start("large-b", null, join(port, "b"));
            PastCheckpoint watch = new PastCheckpoint();
            CompletableFuture<ResultGrid> run = CompletableFuture.supplyAsync(() -> Tuner.of(StepTrainable.class)
                    .name("large")
                    .storagePath(dir.resolve("results"))
                    .space(SearchSpace.builder().grid("x", 1.0).constant("stepMillis", 500).constant("payloadKb", PAYLOAD_KB).build())
                    .checkpoint(CheckpointPolicy.every(2))
                    .stop(new MaximumIterationStopper(6))
                    .callbacks(watch)
                    .progress(false)
                    .executor(ClusterExecutorFactory.with(ClusterSettings.at(new HostPort("127.0.0.1", port)).insecureOnLoopback().withMinWorkers(2)))
                    .fit());
            watch.reached.get(120, TimeUnit.SECONDS);
            long first = watch.firstPid;
            (first == a.pid() ? a : b).kill();
            long other = first == a.pid() ? b.pid() : a.pid();
            ResultGrid grid = run.get(120, TimeUnit.SECONDS);

            TrialOutcome trial = grid.get(0);
            assertEquals(TrialStatus.TERMINATED, trial.status(), trial.errorTrace());
            Result resumed = trial.history().stream().filter(r -> ((Number) r.get("worker_pid")).longValue() == other).findFirst()
                    .orElseThrow(() -> new AssertionError("the trial never ran on the other worker: " + trial.history()));
            long restoredFrom = ((Number) resumed.get("restored_from")).longValue();
            assertTrue(restoredFrom >= 2 && restoredFrom % 2 == 0, "the other worker restored a streamed checkpoint (its payload checked there): " + resumed);
            Path checkpoint = CheckpointFolders.folderFor(trial.dir(), restoredFrom);
            assertEquals(PAYLOAD_KB * 1024L, Files.size(checkpoint.resolve(StepTrainable.PAYLOAD)));
            assertEquals(StepTrainable.payloadDigest(PAYLOAD_KB), StepTrainable.digestOf(checkpoint.resolve(StepTrainable.PAYLOAD)));
        }
    }

    private String[] join(int port, String name) {
        return new String[] {"--join", "127.0.0.1:" + port, "--insecure", "--resources", "cpu=1", "--work-dir", dir.resolve(name).toString()};
    }
}
