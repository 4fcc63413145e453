package io.jtune.engine.runner;

import io.jtune.api.ResourceRequest;
import io.jtune.engine.Tuner;
import io.jtune.engine.runner.state.ExperimentLockTest;
import io.jtune.engine.testing.HangingTrainable;
import java.nio.file.Path;
import java.util.Map;
/**
 * Run in a child JVM by {@link ExperimentLockTest}: an experiment in {@code <args[0]>/held} whose
 * only trial hangs in its first step, so the run holds the folder until the test kills the JVM.
 */
public final class HoldingExperiment {
    private HoldingExperiment() {
    }

    public static void main(String[] args) {
        Tuner.of("holding", HangingTrainable::new)
                .name("held").storagePath(Path.of(args[0])).machineResources(new ResourceRequest(1, 0, 1L << 30, Map.of()))
                .progress(false).seed(3)
                .fit();
    }
}
