package io.jtune.cluster;

import io.jtune.api.space.SearchSpace;
import io.jtune.cluster.driver.ClusterExecutorFactory;
import io.jtune.cluster.driver.ClusterSettings;
import io.jtune.cluster.node.HostPort;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.runner.state.ExperimentState;
import io.jtune.engine.spec.CheckpointPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
/**
 * A cluster driver in a JVM of its own, for {@link DriverRestartTest}: runs the experiment
 * {@value #NAME} in {@code args[0]} (3 checkpointing {@link StepTrainable} trials of
 * {@value #ITERATIONS} iterations) on the cluster at 127.0.0.1:{@code args[1]}, or restores it when
 * the folder holds one; prints how many trials ended TERMINATED. Optional: {@code args[2]} the
 * milliseconds a step takes (300 by default), {@code args[3]} the iterations (default {@value #ITERATIONS}).
 */
public final class ClusterDriverProgram {
    static final String NAME = "restarted";
    static final int ITERATIONS = 8;

    private ClusterDriverProgram() {
    }

    public static void main(String[] args) {
        Path storage = Path.of(args[0]);
        Path dir = storage.resolve(NAME);
        Tuner tuner = Files.exists(dir.resolve(ExperimentState.FILE))
                ? Tuner.restore(dir, StepTrainable.class)
                : Tuner.of(StepTrainable.class).name(NAME).storagePath(storage).checkpoint(CheckpointPolicy.every(1));
        ClusterSettings settings = ClusterSettings.at(new HostPort("127.0.0.1", Integer.parseInt(args[1]))).insecureOnLoopback()
                .withWaitForWorkers(Duration.ofSeconds(90));
        ResultGrid grid = tuner
                .space(SearchSpace.builder().grid("x", 0.1, 0.2, 0.3).constant("stepMillis", args.length > 2 ? Integer.parseInt(args[2]) : 300).constant("iterations", args.length > 3 ? Integer.parseInt(args[3]) : ITERATIONS).build())
                .snapshotPeriod(Duration.ofMillis(200))
                .progress(false)
                .executor(ClusterExecutorFactory.with(settings))
                .fit();
        System.out.println("terminated=" + grid.numTerminated());
        System.exit(0);
    }
}
