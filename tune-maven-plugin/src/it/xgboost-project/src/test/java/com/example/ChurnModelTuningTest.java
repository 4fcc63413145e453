package com.example;

import io.jtune.api.Asha;
import io.jtune.api.Expect;
import io.jtune.api.Samples;
import io.jtune.api.Seed;
import io.jtune.api.Trainable;

/** ChurnModel as a regression gate: 8 trials of at most 50 rounds; the best must reach a validation log loss of 0.45. */
@Trainable(metric = "validation-logloss", mode = "min")
@Asha(maxT = 50, gracePeriod = 10, reductionFactor = 3)
@Samples(8)
@Seed(1)
@Expect(metric = "validation-logloss", atMost = 0.45)
public class ChurnModelTuningTest extends ChurnModel {
}
