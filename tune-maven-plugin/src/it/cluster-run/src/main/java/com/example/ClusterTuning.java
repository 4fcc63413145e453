package com.example;

import io.jtune.api.Choice;
import io.jtune.api.Param;
import io.jtune.api.Samples;
import io.jtune.api.Step;
import io.jtune.api.Stop;
import io.jtune.api.Trainable;

/** Run by tune:run on the cluster: every result carries the pid of the JVM that computed it. */
@Trainable(metric = "loss", mode = "min")
@Samples(3)
@Stop(iterations = 2)
public class ClusterTuning {
    @Param
    @Choice({"1", "2", "4"})
    int width;

    private int steps;

    @Step
    public double loss() {
        steps++;
        return 1.0 / (width * steps);
    }
}
