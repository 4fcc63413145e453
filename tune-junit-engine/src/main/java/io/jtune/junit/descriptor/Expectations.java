package io.jtune.junit.descriptor;

import io.jtune.api.Expect;
import io.jtune.engine.ResultGrid;
import java.util.ArrayList;
import java.util.List;
import org.junit.platform.commons.support.AnnotationSupport;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.MultipleFailuresError;

/**
 * The {@link Expect} verdicts of a {@code @Trainable} class: each names a metric of the best
 * trial's last result (best by the experiment's metric and mode) and the bounds it must lie in.
 * A missed expectation fails the experiment's container with the value and the bound.
 */
final class Expectations {

    private final Class<?> trainableClass;
    private final List<Expect> expectations;

    Expectations(Class<?> trainableClass) {
        this.trainableClass = trainableClass;
        this.expectations = AnnotationSupport.findRepeatableAnnotations(trainableClass, Expect.class);
    }

    /** Throws an {@link AssertionFailedError} (or a {@link MultipleFailuresError} for several) when the best trial misses an expectation. */
    void verify(ResultGrid grid) {
        if (expectations.isEmpty()) {
            return;
        }
        ResultGrid.BestResult best = grid.getBestResult();
        List<AssertionFailedError> missed = new ArrayList<>();
        for (Expect expect : expectations) {
            String metric = expect.metric().isEmpty() ? best.metric() : expect.metric();
            String declaration = describe(expect, metric);
            String trial = "the best trial " + best.trial().name() + " (best by " + best.metric() + ", " + best.mode() + ")";
            if (!best.lastResult().has(metric)) {
                missed.add(new AssertionFailedError(declaration + " on " + trainableClass.getName() + " missed: " + trial
                        + " did not report '" + metric + "'; its last result has " + best.lastResult().asMap().keySet()));
                continue;
            }
            double value = best.lastResult().getDouble(metric);
            if (!Double.isNaN(expect.atLeast()) && !(value >= expect.atLeast())) {
                missed.add(new AssertionFailedError(declaration + " on " + trainableClass.getName() + " missed: " + trial + " ended with "
                        + metric + " = " + format(value) + ", below the threshold " + format(expect.atLeast()), "at least " + format(expect.atLeast()), format(value)));
            } else if (!Double.isNaN(expect.atMost()) && !(value <= expect.atMost())) {
                missed.add(new AssertionFailedError(declaration + " on " + trainableClass.getName() + " missed: " + trial + " ended with "
                        + metric + " = " + format(value) + ", above the threshold " + format(expect.atMost()), "at most " + format(expect.atMost()), format(value)));
            }
        }
        if (missed.size() == 1) {
            throw missed.get(0);
        }
        if (!missed.isEmpty()) {
            throw new MultipleFailuresError(trainableClass.getName() + " missed " + missed.size() + " expectations", missed);
        }
    }

    private static String describe(Expect expect, String metric) {
        StringBuilder text = new StringBuilder("@Expect(metric = \"").append(metric).append('"');
        if (!Double.isNaN(expect.atLeast())) {
            text.append(", atLeast = ").append(format(expect.atLeast()));
        }
        if (!Double.isNaN(expect.atMost())) {
            text.append(", atMost = ").append(format(expect.atMost()));
        }
        return text.append(')').toString();
    }

    /** Every digit: a value just past a threshold must not print as the threshold. */
    private static String format(double value) {
        return Double.toString(value);
    }
}
