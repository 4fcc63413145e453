package io.jtune.maven.launch;

import io.jtune.api.Expect;
import io.jtune.api.Result;
import io.jtune.api.Trainable;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code @Expect} verdicts of a {@code @Trainable} class: each expectation's metric, read from
 * the last result of the experiment's best trial (best by the experiment's metric and mode), must
 * lie within its bounds. An empty {@code metric} means the class's {@link Trainable#metric}.
 */
final class ExpectationCheck {

    private ExpectationCheck() {
    }

    /**
     * One message per missed expectation (empty when all hold, or when the class declares none).
     *
     * @param bestLastResult the best trial's last result, or null when no trial reported one
     */
    static List<String> misses(Class<?> trainableClass, Result bestLastResult) {
        Trainable trainable = trainableClass.getAnnotation(Trainable.class);
        String classMetric = trainable == null ? "" : trainable.metric();
        List<String> misses = new ArrayList<>();
        for (Expect expect : trainableClass.getAnnotationsByType(Expect.class)) {
            String metric = expect.metric().isEmpty() ? classMetric : expect.metric();
            String what = "@Expect " + describe(metric, expect);
            if (metric.isEmpty()) {
                misses.add(what + " names no metric and @Trainable declares none: set @Expect(metric = ...)");
            } else if (bestLastResult == null) {
                misses.add(what + " missed: no trial reported a result");
            } else if (!bestLastResult.has(metric)) {
                misses.add(what + " missed: the best trial's last result has no metric '" + metric + "'; it reports "
                        + bestLastResult.asMap().keySet());
            } else {
                double value = bestLastResult.getDouble(metric);
                boolean below = !Double.isNaN(expect.atLeast()) && !(value >= expect.atLeast());
                boolean above = !Double.isNaN(expect.atMost()) && !(value <= expect.atMost());
                if (below || above) {
                    misses.add(what + " missed: the best trial ended with " + metric + " = " + value);
                }
            }
        }
        return misses;
    }

    private static String describe(String metric, Expect expect) {
        String name = metric.isEmpty() ? "<metric>" : metric;
        boolean low = !Double.isNaN(expect.atLeast());
        boolean high = !Double.isNaN(expect.atMost());
        if (low && high) {
            return expect.atLeast() + " <= " + name + " <= " + expect.atMost();
        }
        return low ? name + " >= " + expect.atLeast() : name + " <= " + expect.atMost();
    }
}
