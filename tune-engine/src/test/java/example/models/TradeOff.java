package example.models;

import io.jtune.api.NsgaII;
import io.jtune.api.Param;
import io.jtune.api.Samples;
import io.jtune.api.Seed;
import io.jtune.api.Step;
import io.jtune.api.Stop;
import io.jtune.api.Trainable;
import io.jtune.api.Uniform;
import java.util.Map;

/** Two objectives by annotations: accuracy (max) against latency (min), searched by NSGA-II. */
@Trainable(metrics = {"accuracy", "latency"}, modes = {"max", "min"})
@NsgaII(populationSize = 8)
@Samples(24)
@Seed(5)
@Stop(iterations = 1)
public class TradeOff {
    @Param @Uniform(min = 0, max = 1) double width;

    @Step
    public Map<String, Object> step() {
        return Map.of("accuracy", Math.sqrt(width), "latency", width);
    }
}
