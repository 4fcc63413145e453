package io.jtune.engine.runner;

import io.jtune.api.ResourceRequest;
import io.jtune.engine.Tuner;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * Run in a child JVM by {@link SnapshotAtShutdownTest}: one trial reports four results, then the
 * trainable ends the JVM with {@code System.exit} in the middle of the experiment. The snapshot
 * period is an hour, so only the shutdown snapshot can record those four results.
 */
public final class ExitingExperiment {
    private ExitingExperiment() {
    }

    public static void main(String[] args) {
        Tuner.of("exiting", (config, session) -> {
                    for (int i = 1; ; i++) {
                        if (i == 5) {
                            System.exit(0);
                        }
                        session.report(Map.of("i", i));
                    }
                })
                .name("exiting").storagePath(Path.of(args[0])).snapshotPeriod(Duration.ofHours(1))
                .resources(ResourceRequest.cpus(1)).machineResources(new ResourceRequest(1, 0, 1L << 30, Map.of()))
                .progress(false).seed(3)
                .fit();
    }
}
