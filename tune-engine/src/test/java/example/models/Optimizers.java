package example.models;

import io.jtune.api.Choice;
import io.jtune.api.LogUniform;
import io.jtune.api.Param;
import io.jtune.api.Reset;
import io.jtune.api.Samples;
import io.jtune.api.Seed;
import io.jtune.api.Step;
import io.jtune.api.Stop;
import io.jtune.api.Tpe;
import io.jtune.api.Trainable;
import io.jtune.api.Uniform;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A conditional space by annotations: {@code momentum} only for sgd, {@code beta2} only for adam,
 * {@code nesterov} only for sgd with high momentum choices. Reports the fields' values so tests
 * see what an inactive field holds; instances are reused through {@code @Reset}.
 */
@Trainable(metric = "loss", mode = "min")
@Samples(24)
@Seed(3)
@Stop(iterations = 1)
@Tpe(nStartupTrials = 8)
public class Optimizers {
    /** What an inactive {@code momentum} keeps: its declared initializer. */
    public static final double DEFAULT_MOMENTUM = -1;

    @Param @Choice({"sgd", "adam"}) String optimizer;
    @Param @LogUniform(min = 1e-4, max = 1) double lr;
    @Param(when = "optimizer=sgd") @Choice({"0.5", "0.9", "0.99"}) double momentum = DEFAULT_MOMENTUM;
    @Param(value = "beta2", when = "optimizer=adam") @Uniform(min = 0.9, max = 0.9999) double beta2;
    @Param(when = "momentum=0.9|0.99") @Choice({"true", "false"}) Boolean nesterov;

    @Step
    public Map<String, Object> step() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("loss", Math.abs(Math.log10(lr) + 2) + (optimizer.equals("sgd") ? 1 - momentum : 10 * (1 - beta2)));
        m.put("momentum_field", momentum);
        m.put("beta2_field", beta2);
        m.put("nesterov_field", String.valueOf(nesterov));
        return m;
    }

    @Reset
    boolean reset() {
        return true;
    }
}
