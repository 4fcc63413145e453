package com.example;

import io.jtune.api.Expect;
import io.jtune.api.LogUniform;
import io.jtune.api.Param;
import io.jtune.api.Samples;
import io.jtune.api.Step;
import io.jtune.api.Stop;
import io.jtune.api.Trainable;

/** A tuning test run by the JUnit engine under mvn test -Djtune.cluster=...: its trials run on the worker. */
@Trainable(metric = "error", mode = "min")
@Samples(2)
@Stop(iterations = 2)
@Expect(metric = "error", atMost = 1)
public class ClusterTuningTest {
    @Param
    @LogUniform(min = 0.001, max = 0.1)
    double rate;

    @Step
    public double error() {
        return rate;
    }
}
