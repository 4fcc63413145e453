package io.jtune.engine.process;

import io.jtune.api.Asha;
import io.jtune.api.Checkpoint;
import io.jtune.api.IntRange;
import io.jtune.api.LogUniform;
import io.jtune.api.MaxConcurrent;
import io.jtune.api.Param;
import io.jtune.api.Restore;
import io.jtune.api.Samples;
import io.jtune.api.Save;
import io.jtune.api.Seed;
import io.jtune.api.Setup;
import io.jtune.api.Step;
import io.jtune.api.Stop;
import io.jtune.api.Trainable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Gradient descent on (w - 3)^2 under seeded ASHA, one trial at a time, with checkpoints. */
@Trainable(metric = "loss", mode = "min")
@Samples(8)
@Seed(11)
@Stop(iterations = 9)
@Checkpoint(frequency = 3)
@MaxConcurrent(1)
@Asha(maxT = 9, gracePeriod = 1, reductionFactor = 3, brackets = 2)
public class AshaDescent {
    /** One iteration's metrics. */
    public record Metrics(double loss, double w) {
    }

    @Param @LogUniform(min = 1e-3, max = 0.4) double lr;
    @Param @IntRange(min = -10, max = 10) int start;

    private double w;

    @Setup
    void begin() {
        w = start;
    }

    @Step
    public Metrics step() {
        w -= lr * 2 * (w - 3);
        return new Metrics((w - 3) * (w - 3), w);
    }

    @Save
    void save(Path dir) throws IOException {
        Files.writeString(dir.resolve("w"), Double.toString(w));
    }

    @Restore
    void restore(Path dir) throws IOException {
        w = Double.parseDouble(Files.readString(dir.resolve("w")));
    }
}
