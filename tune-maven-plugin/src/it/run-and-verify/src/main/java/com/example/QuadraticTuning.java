package com.example;

import io.jtune.api.Expect;
import io.jtune.api.Param;
import io.jtune.api.Samples;
import io.jtune.api.Seed;
import io.jtune.api.Step;
import io.jtune.api.Stop;
import io.jtune.api.Trainable;
import io.jtune.api.Uniform;
import java.util.Map;

/** Minimises (x - 0.5)^2; the loss shrinks a little with every iteration. */
@Trainable(metric = "loss", mode = "min")
@Samples(4)
@Seed(7)
@Stop(iterations = 3)
@Expect(metric = "loss", atMost = 10)
public class QuadraticTuning {
    @Param
    @Uniform(min = -2, max = 2)
    double x;

    private int iteration;

    @Step
    Map<String, Object> step() {
        iteration++;
        return Map.of("loss", (x - 0.5) * (x - 0.5) + 1.0 / iteration);
    }
}
