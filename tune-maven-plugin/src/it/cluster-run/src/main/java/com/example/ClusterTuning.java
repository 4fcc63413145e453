package com.example;

import io.jtune.api.Param;
import io.jtune.api.Samples;
import io.jtune.api.Seed;
import io.jtune.api.Step;
import io.jtune.api.Stop;
import io.jtune.api.Trainable;
import io.jtune.api.Uniform;
import java.util.Map;

/** Run by tune:run on the cluster: every result carries the pid of the JVM that computed it. */
@Trainable(metric = "loss", mode = "min")
@Samples(3)
@Seed(5)
@Stop(iterations = 2)
public class ClusterTuning {
    @Param
    @Uniform(min = -1, max = 1)
    double x;

    private int iteration;

    @Step
    Map<String, Object> step() {
        iteration++;
        return Map.of("loss", x * x + 1.0 / iteration);
    }
}
