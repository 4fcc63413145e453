package com.example;

import io.jtune.api.Grid;
import io.jtune.api.Param;
import io.jtune.api.Step;
import io.jtune.api.Stop;
import io.jtune.api.Trainable;

@Trainable(metric = "loss", mode = "min")
@Stop(iterations = 1)
public class TinyTuningTest {
    @Param @Grid({"1", "2"}) int size;

    @Step
    public double step() {
        return size;
    }
}
