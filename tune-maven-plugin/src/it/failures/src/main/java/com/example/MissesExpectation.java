package com.example;

import io.jtune.api.Expect;
import io.jtune.api.Param;
import io.jtune.api.Samples;
import io.jtune.api.Step;
import io.jtune.api.Stop;
import io.jtune.api.Trainable;
import io.jtune.api.Uniform;
import java.util.Map;

/** Every trial ends with an accuracy of at most 0.5, below the expected 0.99. */
@Trainable(metric = "accuracy", mode = "max")
@Samples(2)
@Stop(iterations = 2)
@Expect(metric = "accuracy", atLeast = 0.99)
public class MissesExpectation {
    @Param
    @Uniform(min = 0, max = 0.5)
    double accuracy;

    @Step
    Map<String, Object> step() {
        return Map.of("accuracy", accuracy);
    }
}
