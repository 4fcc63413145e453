package io.jtune.cluster;

import io.jtune.api.Result;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialView;
import io.jtune.cluster.driver.ClusterExecutorFactory;
import io.jtune.cluster.driver.ClusterSettings;
import io.jtune.cluster.node.HostPort;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.stop.MaximumIterationStopper;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
/**
 * One checkpointing {@link StepTrainable} trial over two worker JVMs: once it is past its
 * checkpoint of iteration 2, the worker it started on is killed, so it has to restore on the other.
 *
 * @param grid the experiment's outcome
 * @param otherPid the worker that was not killed
 * @param workDirs the parent of both workers' work folders
 */
record MovedTrial(ResultGrid grid, long otherPid, Path workDirs) {

    /** Remembers the pid of the trial's first worker, and completes once the trial is past its checkpoint. */
    private static final class PastCheckpoint implements Callback {
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

    static MovedTrial run(Path dir, String name, int payloadKb, UnaryOperator<ClusterSettings> options) throws Exception {
        int port = WorkerProcesses.freePort();
        Path workDirs = dir.resolve("workers-" + name);
        try (WorkerProcesses workers = new WorkerProcesses()) {
            WorkerProcesses.WorkerProcess a = workers.start(name + "-a", null, join(port, workDirs.resolve("a")));
            WorkerProcesses.WorkerProcess b = workers.start(name + "-b", null, join(port, workDirs.resolve("b")));
            PastCheckpoint watch = new PastCheckpoint();
            ClusterSettings settings = options.apply(ClusterSettings.at(new HostPort("127.0.0.1", port)).insecureOnLoopback().withMinWorkers(2));
            CompletableFuture<ResultGrid> run = CompletableFuture.supplyAsync(() -> Tuner.of(StepTrainable.class)
                    .name(name)
                    .storagePath(dir.resolve("results"))
                    .space(SearchSpace.builder().grid("x", 1.0).constant("stepMillis", 500).constant("payloadKb", payloadKb).build())
                    .checkpoint(CheckpointPolicy.every(2))
                    .stop(new MaximumIterationStopper(6))
                    .callbacks(watch)
                    .progress(false)
                    .executor(ClusterExecutorFactory.with(settings))
                    .fit());
            watch.reached.get(120, TimeUnit.SECONDS);
            long first = watch.firstPid;
            (first == a.pid() ? a : b).kill();
            return new MovedTrial(run.get(120, TimeUnit.SECONDS), first == a.pid() ? b.pid() : a.pid(), workDirs);
        }
    }

    private static String[] join(int port, Path workDir) {
        return new String[] {"--join", "127.0.0.1:" + port, "--insecure", "--resources", "cpu=1", "--work-dir", workDir.toString()};
    }

    /** The first result the trial reported on the worker that was not killed. */
    Result firstOnOther() {
        return grid.get(0).history().stream().filter(r -> ((Number) r.get("worker_pid")).longValue() == otherPid).findFirst()
                .orElseThrow(() -> new AssertionError("the trial never ran on the other worker: " + grid.get(0).history()));
    }
}
