package com.example;

import io.jtune.api.Expect;
import io.jtune.api.Samples;
import io.jtune.api.Seed;
import io.jtune.api.Stop;
import io.jtune.api.Trainable;

/** The tuning test of LineFit: 3 trials under mvn test; the best loss must be small. */
@Trainable(metric = "loss", mode = "min")
@Samples(3)
@Seed(5)
@Stop(iterations = 5)
@Expect(metric = "loss", atMost = 9)
public class LineFitTuningTest extends LineFit {
}
