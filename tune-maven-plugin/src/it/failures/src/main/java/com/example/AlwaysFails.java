package com.example;

import io.jtune.api.Samples;
import io.jtune.api.Step;
import io.jtune.api.Trainable;
import java.util.Map;

/** Every trial throws at its first step; with no retries (the default) each one ends in ERROR. */
@Trainable
@Samples(2)
public class AlwaysFails {
    @Step
    Map<String, Object> step() {
        throw new IllegalStateException("sensor offline");
    }
}
