package com.example;

import io.jtune.api.Checkpoint;
import io.jtune.api.MaxConcurrent;
import io.jtune.api.Param;
import io.jtune.api.Restore;
import io.jtune.api.Samples;
import io.jtune.api.Save;
import io.jtune.api.Seed;
import io.jtune.api.Step;
import io.jtune.api.Stop;
import io.jtune.api.Trainable;
import io.jtune.api.Uniform;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Four trials of three iterations, one at a time, with a checkpoint after every iteration. The first
 * Maven run dies at the fifth step of the JVM (the second iteration of the second trial), as a
 * killed build would: Runtime.halt runs no shutdown hook. It leaves target/crash-marker so the
 * later runs go through.
 */
@Trainable(metric = "loss", mode = "min")
@Samples(4)
@Seed(3)
@MaxConcurrent(1)
@Stop(iterations = 3)
@Checkpoint(frequency = 1)
public class CrashOnce {
    private static final Path MARKER = Path.of("target", "crash-marker");
    private static int stepsInThisJvm;

    @Param
    @Uniform(min = -1, max = 1)
    double x;

    private int iteration;

    @Step
    Map<String, Object> step() throws IOException {
        if (++stepsInThisJvm == 5 && !Files.exists(MARKER)) {
            Files.writeString(MARKER, "halted at step 5");
            Runtime.getRuntime().halt(3);
        }
        iteration++;
        return Map.of("loss", x * x + 1.0 / iteration);
    }

    @Save
    void save(Path dir) throws IOException {
        Files.writeString(dir.resolve("iteration"), Integer.toString(iteration));
    }

    @Restore
    void restore(Path dir) throws IOException {
        iteration = Integer.parseInt(Files.readString(dir.resolve("iteration")).trim());
    }
}
