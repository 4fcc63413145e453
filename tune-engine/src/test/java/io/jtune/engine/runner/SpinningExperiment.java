package io.jtune.engine.runner;

import io.jtune.api.ResourceRequest;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.Tuner;
import io.jtune.engine.stop.Stoppers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * Run in a child JVM by {@link SnapshotAtShutdownTest}: one trial reports three results, writes
 * {@code <args[0]>/spinning.marker}, then spins for ever ignoring interrupts, until the test sends
 * SIGTERM. The snapshot period is an hour, so only the shutdown snapshot can record the results.
 * With a second argument {@code budget}, a one-second time budget ends the experiment while the
 * trial spins, and {@code completed.marker} is written when the trial is completed.
 */
public final class SpinningExperiment {
    private SpinningExperiment() {
    }

    public static void main(String[] args) {
        Path storage = Path.of(args[0]);
        Tuner tuner = Tuner.of("spinning", (config, session) -> {
                    for (int i = 1; i <= 3; i++) {
                        session.report(Map.of("i", i));
                    }
                    mark(storage.resolve("spinning.marker"));
                    while (true) {
                        Thread.onSpinWait();
                    }
                })
                .name("spinning").storagePath(storage).snapshotPeriod(Duration.ofHours(1))
                .resources(ResourceRequest.cpus(1)).machineResources(new ResourceRequest(1, 0, 1L << 30, Map.of()))
                .progress(false).seed(3);
        if (args.length > 1) {
            tuner.stop(Stoppers.timeout(Duration.ofSeconds(1))).callbacks(new Callback() {
                @Override
                public void onTrialComplete(TrialView trial) {
                    mark(storage.resolve("completed.marker"));
                }
            });
        }
        tuner.fit();
    }

    private static void mark(Path marker) {
        try {
            Files.writeString(marker, "marked");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
