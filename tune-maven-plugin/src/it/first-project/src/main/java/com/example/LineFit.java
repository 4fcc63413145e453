package com.example;

import io.jtune.api.Checkpoint;
import io.jtune.api.Param;
import io.jtune.api.Samples;
import io.jtune.api.Save;
import io.jtune.api.Restore;
import io.jtune.api.Step;
import io.jtune.api.Stop;
import io.jtune.api.Trainable;
import io.jtune.api.LogUniform;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Gradient descent on y = 3x: the learning rate decides how fast the loss falls. */
@Trainable(metric = "loss", mode = "min")
@Samples(4)
@Stop(iterations = 5)
@Checkpoint(atEnd = true)
public class LineFit {
    @Param("lr") @LogUniform(min = 0.01, max = 0.5) double lr;

    private double w;

    @Step
    public Map<String, Object> step() {
        w += lr * 2 * (3 - w);
        return Map.of("loss", (3 - w) * (3 - w));
    }

    @Save
    void save(Path dir) throws IOException {
        Files.writeString(dir.resolve("w.txt"), Double.toString(w));
    }

    @Restore
    void restore(Path dir) throws IOException {
        w = Double.parseDouble(Files.readString(dir.resolve("w.txt")));
    }
}
