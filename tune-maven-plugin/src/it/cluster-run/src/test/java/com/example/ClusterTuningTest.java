package com.example;

import io.jtune.api.Expect;
import io.jtune.api.Param;
import io.jtune.api.Samples;
import io.jtune.api.Seed;
import io.jtune.api.Step;
import io.jtune.api.Stop;
import io.jtune.api.Trainable;
import io.jtune.api.Uniform;

/** A tuning test run by the JUnit engine under mvn test -Djtune.cluster=...: its trials run on the worker. */
@Trainable(metric = "loss", mode = "min")
@Samples(2)
@Seed(3)
@Stop(iterations = 2)
@Expect(metric = "loss", atMost = 4)
public class ClusterTuningTest {
    @Param
    @Uniform(min = -2, max = 2)
    double x;

    @Step
    public double step() {
        return x * x;
    }
}
