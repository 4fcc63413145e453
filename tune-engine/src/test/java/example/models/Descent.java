package example.models;

import io.jtune.api.Checkpoint;
import io.jtune.api.Choice;
import io.jtune.api.Config;
import io.jtune.api.Grid;
import io.jtune.api.IntRange;
import io.jtune.api.LogUniform;
import io.jtune.api.MaxConcurrent;
import io.jtune.api.Param;
import io.jtune.api.Reset;
import io.jtune.api.Restore;
import io.jtune.api.Samples;
import io.jtune.api.Save;
import io.jtune.api.Seed;
import io.jtune.api.Setup;
import io.jtune.api.Step;
import io.jtune.api.Stop;
import io.jtune.api.Trainable;
import io.jtune.api.Uniform;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Gradient descent on f(w) = (w - 3)^2, declared entirely by annotations: a grid over the
 * optimizer crossed with 6 samples of the rest, 10 iterations a trial, checkpoints every 5
 * iterations and at the end, two trials at a time, instances reused through {@code @Reset}.
 */
@Trainable(name = "descent", metric = "loss", mode = "min")
@Samples(6)
@Seed(7)
@Stop(iterations = 10)
@Checkpoint(frequency = 5, atEnd = true)
@MaxConcurrent(2)
public class Descent {
    /** The update rule. */
    public enum Optimizer { SGD, MOMENTUM }

    /** One iteration's metrics. */
    public record Metrics(double loss, double w, int resets) {
    }

    @Param @Grid({"SGD", "MOMENTUM"}) Optimizer optimizer;
    @Param @LogUniform(min = 1e-3, max = 0.5) double lr;
    @Param @IntRange(min = -10, max = 10) int start;
    @Param @Choice({"1", "2"}) int batches;
    @Param @Uniform(min = 0, max = 0.9, q = 0.1) double beta;

    private double w;
    private double velocity;
    private int resets;

    @Setup
    void begin() {
        w = start;
        velocity = 0;
    }

    @Step
    public Metrics step() {
        for (int b = 0; b < batches; b++) {
            double gradient = 2 * (w - 3);
            velocity = optimizer == Optimizer.MOMENTUM ? beta * velocity + gradient : gradient;
            w -= lr * velocity;
        }
        return new Metrics((w - 3) * (w - 3), w, resets);
    }

    @Save
    void save(Path dir) throws IOException {
        Files.writeString(dir.resolve("state.txt"), w + " " + velocity);
    }

    @Restore
    void restore(Path dir) throws IOException {
        String[] state = Files.readString(dir.resolve("state.txt")).split(" ");
        w = Double.parseDouble(state[0]);
        velocity = Double.parseDouble(state[1]);
    }

    @Reset
    boolean reset(Config newConfig) {
        resets++;
        begin();
        return true;
    }

    /** The loss after {@code steps} iterations for a config, computed without the engine. */
    public static double expectedLoss(Config c, int steps) {
        double w = c.getInt("start");
        double v = 0;
        boolean momentum = c.getString("optimizer").equals("MOMENTUM");
        for (int i = 0; i < steps * c.getInt("batches"); i++) {
            double g = 2 * (w - 3);
            v = momentum ? c.getDouble("beta") * v + g : g;
            w -= c.getDouble("lr") * v;
        }
        return (w - 3) * (w - 3);
    }
}
