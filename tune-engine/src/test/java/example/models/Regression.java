package example.models;

import io.jtune.api.Config;
import io.jtune.api.IntRange;
import io.jtune.api.Choice;
import io.jtune.api.Grid;
import io.jtune.api.LogUniform;
import io.jtune.api.Param;
import io.jtune.api.Reset;
import io.jtune.api.Restore;
import io.jtune.api.Save;
import io.jtune.api.Setup;
import io.jtune.api.Step;
import io.jtune.api.Teardown;
import io.jtune.api.Trainable;
import io.jtune.api.Uniform;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A package-private trainable with private parameter fields of every supported type and
 * package-private lifecycle methods: the adapter must reach all of them. It fits y = 3x by
 * gradient descent, so its loss is real, and its metrics reveal what the adapter did.
 */
@Trainable(metric = "loss", mode = "min")
class Regression {
    enum Optimizer { SGD, MOMENTUM }

    @Param @LogUniform(min = 1e-3, max = 1e-1) private double lr;
    @Param @IntRange(min = 1, max = 4) private int batches;
    @Param @IntRange(min = 1, max = 1000) private long seed;
    @Param @Uniform(min = 0, max = 0.5) private float decay;
    @Param @Grid({"true", "false"}) private boolean shuffle;
    @Param @Choice({"relu", "tanh"}) private String activation;
    @Param @Choice({"SGD", "MOMENTUM"}) private Optimizer optimizer;

    private double weight;
    private double velocity;
    private int setups;
    private int resets;
    private double lrAtSetup;

    @Setup
    void setup() {
        setups++;
        lrAtSetup = lr;
        weight = 0;
    }

    @Step
    Map<String, Object> step() {
        for (int b = 0; b < batches; b++) {
            double gradient = 2 * (weight - 3);
            velocity = optimizer == Optimizer.MOMENTUM ? 0.5 * velocity + gradient : gradient;
            weight -= lr * velocity;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("loss", (weight - 3) * (weight - 3));
        m.put("lr", lr);
        m.put("batches", batches);
        m.put("seed", seed);
        m.put("decay", decay);
        m.put("shuffle", shuffle);
        m.put("activation", activation);
        m.put("optimizer", optimizer);
        m.put("setups", setups);
        m.put("resets", resets);
        m.put("lr_at_setup", lrAtSetup);
        m.put("weight", weight);
        return m;
    }

    @Save
    void save(Path dir) throws IOException {
        Files.writeString(dir.resolve("weight.txt"), Double.toString(weight));
    }

    @Restore
    void restore(Path dir) throws IOException {
        weight = Double.parseDouble(Files.readString(dir.resolve("weight.txt")));
    }

    @Reset
    boolean reset(Config newConfig) {
        resets++;
        weight = 0;
        velocity = 0;
        return newConfig.has("lr");
    }

    @Teardown
    void close() {
        Probe.TEARDOWNS.incrementAndGet();
    }
}
