package io.jtune.report;

import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.schedule.AsyncHyperBandScheduler;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Real experiments the report tests render: a loss that falls with the iterations, ASHA cutting the slow trials, some trials failing, a checkpoint at the end. */
final class SampleExperiments {
    static final int ITERATIONS = 12;

    private SampleExperiments() {
    }

    /** {@code samples} x 3 trials (grid over {@code fail}: the third value fails at iteration 2), ASHA over {@value #ITERATIONS} iterations. */
    static Tuner tuner(Path storage, String name, int samples) {
        SearchSpace space = SearchSpace.builder()
                .loguniform("lr", 1e-4, 1e-1)
                .choice("units", 16, 64, 256)
                .grid("fail", false, false, true)
                .build();
        return Tuner.of("mlp", (config, session) -> {
                    double lr = config.getDouble("lr");
                    int units = config.getInt("units");
                    boolean fail = Boolean.TRUE.equals(config.get("fail"));
                    for (int i = 1; i <= ITERATIONS; i++) {
                        if (fail && i == 2) {
                            throw new IllegalStateException("diverged at iteration " + i);
                        }
                        double distance = Math.log10(lr) + 2;
                        Map<String, Double> metrics = Map.of("loss", distance * distance + 16.0 / units + 1.0 / i, "accuracy", 1 / (1 + distance * distance));
                        if (i == ITERATIONS) {
                            Path saved = Files.createTempDirectory("mlp-checkpoint");
                            Files.writeString(saved.resolve("weights.txt"), "lr=" + lr);
                            session.report(metrics, CheckpointDir.fromDirectory(saved));
                        } else {
                            session.report(metrics);
                        }
                    }
                })
                .name(name).storagePath(storage).space(space).numSamples(samples).metric("loss", Mode.MIN)
                .scheduler(AsyncHyperBandScheduler.builder().maxT(ITERATIONS).gracePeriod(2).reductionFactor(2).build())
                .machineResources(new ResourceRequest(2, 0, 1L << 30, Map.of())).seed(7).progress(false);
    }

    static ResultGrid run(Path storage, String name, int samples) {
        return tuner(storage, name, samples).fit();
    }
}
