package io.jtune.engine.outcome;

import io.jtune.engine.ResultGrid;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * An {@link io.jtune.api.Expect} a finished experiment missed, as {@link ExpectationVerdicts}
 * judged it.
 *
 * @param metric the metric the expectation is on (the {@code @Trainable} metric when
 *     {@code @Expect} names none)
 * @param atLeast the lower bound, NaN when unset
 * @param atMost the upper bound, NaN when unset
 * @param best the best trial; empty when the experiment has none
 * @param value the last value of {@code metric} the best trial reported (NaN when it is not a
 *     number); empty when there is no best trial or it never reported {@code metric}
 * @param message the expectation and why it was missed, for instance {@code @Expect(metric =
 *     "accuracy", atLeast = 0.9) missed: the best trial <name> (best by accuracy, max) ended with
 *     accuracy = 0.75, below the threshold 0.9}
 */
public record MissedExpectation(String metric, double atLeast, double atMost, Optional<ResultGrid.BestResult> best, OptionalDouble value,
        String message) {

    /** The bounds in words: "at least 0.9", "at most 0.3" or "at least 0.1 and at most 0.5". */
    public String bounds() {
        if (Double.isNaN(atMost)) {
            return "at least " + atLeast;
        }
        return Double.isNaN(atLeast) ? "at most " + atMost : "at least " + atLeast + " and at most " + atMost;
    }
}
