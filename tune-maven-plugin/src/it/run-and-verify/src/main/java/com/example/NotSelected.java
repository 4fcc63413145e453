package com.example;

import io.jtune.api.Step;
import io.jtune.api.Trainable;
import java.util.Map;

/** Not matched by the patterns of the run: running it would fail the build. */
@Trainable
public class NotSelected {
    @Step
    Map<String, Object> step() {
        throw new IllegalStateException("NotSelected must not run");
    }
}
