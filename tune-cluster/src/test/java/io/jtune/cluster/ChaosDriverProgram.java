package io.jtune.cluster;

import io.jtune.api.Result;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Stopper;
import io.jtune.cluster.driver.ClusterExecutorFactory;
import io.jtune.cluster.driver.ClusterSettings;
import io.jtune.cluster.node.HostPort;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.exec.ExecutorFactory;
import io.jtune.engine.runner.state.ExperimentState;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.spec.ResumeMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

/**
 * The driver of {@link ChaosScheduleTest}, in a JVM of its own: runs (or, when its folder holds
 * one, restores with the ERROR trials resumed) the experiment {@value #NAME} in {@code args[0]}:
 * checkpointing {@link StepTrainable} trials ({@code args[3]} of them, {@code args[4]} ms a step)
 * that run until the file {@code args[5]} exists (a stopper's stop), on the cluster at
 * 127.0.0.1:{@code args[1]} ({@code args[2]} = {@code cluster}; optional: {@code args[6]} another
 * host to listen on and {@code args[7]} the driver's TLS folder) or under the process executor
 * ({@code process}, which retries a trial whose worker JVM was killed). Workers come and go here:
 * a trial may lose its worker 100 times before that counts as its failure. Prints how many trials
 * ended TERMINATED; exits 1 when the run failed.
 */
public final class ChaosDriverProgram {
    static final String NAME = "chaos";

    private ChaosDriverProgram() {
    }

    /** Stops every trial at its next result once the file exists. */
    record StopFile(Path file) implements Stopper {
        @Override
        public boolean shouldStop(String trialId, Result result) {
            return Files.exists(file);
        }
    }

    public static void main(String[] args) {
        Path storage = Path.of(args[0]);
        Path dir = storage.resolve(NAME);
        boolean cluster = "cluster".equals(args[2]);
        double[] xs = new double[Integer.parseInt(args[3])];
        Arrays.setAll(xs, i -> 0.1 * (i + 1));
        Tuner tuner = Files.exists(dir.resolve(ExperimentState.FILE))
                ? Tuner.restore(dir, StepTrainable.class).resume(ResumeMode.ERRORED)
                : Tuner.of(StepTrainable.class).name(NAME).storagePath(storage).checkpoint(CheckpointPolicy.every(1));
        tuner.space(SearchSpace.builder().grid("x", Arrays.stream(xs).boxed().toArray()).constant("stepMillis", Integer.parseInt(args[4])).build())
                .stop(new StopFile(Path.of(args[5])))
                .maxFailures(-1)
                .snapshotPeriod(Duration.ofMillis(200))
                .progress(false);
        if (cluster) {
            ClusterSettings settings = ClusterSettings.at(new HostPort(args.length > 6 ? args[6] : "127.0.0.1", Integer.parseInt(args[1])))
                    .withWaitForWorkers(Duration.ofSeconds(60)).withMaxLostRuns(100);
            tuner.executor(ClusterExecutorFactory.with(args.length > 7 ? settings.withTls(Path.of(args[7])) : settings.insecureOnLoopback()));
        } else {
            tuner.executor(ExecutorFactory.process());
        }
        try {
            ResultGrid grid = tuner.fit();
            System.out.println("terminated=" + grid.numTerminated());
            System.exit(0);
        } catch (RuntimeException e) {
            e.printStackTrace();
            System.exit(1);
        }
    }
}
