package com.example;

import io.jtune.api.Expect;
import io.jtune.api.Param;
import io.jtune.api.Samples;
import io.jtune.api.Seed;
import io.jtune.api.Step;
import io.jtune.api.Stop;
import io.jtune.api.Trainable;
import io.jtune.api.Uniform;

/** A tuning test: 4 trials of 2 iterations; the best loss must be below 4. */
@Trainable(metric = "loss", mode = "min")
@Samples(4)
@Seed(7)
@Stop(iterations = 2)
@Expect(metric = "loss", atMost = 4)
public class QuadraticTuningTest {
    @Param @Uniform(min = -2, max = 2) double x;

    @Step
    public double step() {
        return x * x;
    }
}
