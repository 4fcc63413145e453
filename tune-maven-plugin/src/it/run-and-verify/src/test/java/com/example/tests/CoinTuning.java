package com.example.tests;

import io.jtune.api.Choice;
import io.jtune.api.Param;
import io.jtune.api.Samples;
import io.jtune.api.Step;
import io.jtune.api.Stop;
import io.jtune.api.Trainable;
import java.util.Map;

/** A trainable in the test sources, compiled without the annotation processor. */
@Trainable(metric = "score", mode = "max")
@Samples(2)
@Stop(iterations = 2)
public class CoinTuning {
    @Param
    @Choice({"1", "2", "3"})
    int units;

    private int iteration;

    @Step
    Map<String, Object> step() {
        iteration++;
        return Map.of("score", units * iteration);
    }
}
