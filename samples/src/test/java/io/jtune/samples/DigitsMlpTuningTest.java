package io.jtune.samples;

import io.jtune.api.Asha;
import io.jtune.api.Checkpoint;
import io.jtune.api.Expect;
import io.jtune.api.MaxConcurrent;
import io.jtune.api.Samples;
import io.jtune.api.Seed;
import io.jtune.api.Trainable;

/**
 * Sample 4, a tuning test: {@code mvn test} runs this experiment through the jtune test engine
 * (each trial is a test in the report) and fails the build when the best trial's last result
 * misses an {@link Expect}ation, so a change that makes the digit model harder to tune breaks
 * the build. A small ASHA search; one trial at a time keeps the scheduler's decisions, and so the
 * verdict, reproducible.
 */
@Trainable(metric = DigitsMlpTrainable.METRIC, mode = "max")
@Asha(maxT = 12, gracePeriod = 2, reductionFactor = 3)
@Samples(12)
@Seed(7)
@MaxConcurrent(1)
@Checkpoint(atEnd = true)
@Expect(atLeast = 0.93)
@Expect(metric = "validationLoss", atMost = 0.3)
public class DigitsMlpTuningTest extends DigitsMlpTrainable {
}
