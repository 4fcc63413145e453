package io.jtune.maven.launch;

import io.jtune.api.Trainable;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.outcome.ExpectationVerdicts;
import io.jtune.engine.outcome.ExperimentSummary;
import io.jtune.engine.outcome.MissedExpectation;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code tune:run} says about one finished experiment: summary lines (trials by state, the
 * best trial with its metric, config and checkpoint, the results folder) and failures (trials that ended in
 * ERROR, that is beyond their failure policy, and missed {@code @Expect}ations).
 *
 * @param summary lines for the build log
 * @param failures one message per failure; empty when the experiment passed
 */
record ExperimentReport(List<String> summary, List<String> failures) {

    static ExperimentReport of(Class<?> trainableClass, ResultGrid grid) {
        List<String> summary = ExperimentSummary.lines(grid, declaresMetric(trainableClass));
        List<String> failures = new ArrayList<>();
        List<TrialOutcome> errors = grid.errors();
        if (!errors.isEmpty()) {
            TrialOutcome first = errors.get(0);
            failures.add(errors.size() + " of " + grid.trials().size() + " trials ended in ERROR; the first, " + first.name()
                    + ", failed " + first.numFailures() + (first.numFailures() == 1 ? " time" : " times") + " with "
                    + firstLine(first.errorTrace()) + " (stack traces in each trial's error.txt under " + grid.experimentDir() + ")");
        }
        ExpectationVerdicts.missed(trainableClass, grid).stream().map(MissedExpectation::message).forEach(failures::add);
        return new ExperimentReport(summary, List.copyOf(failures));
    }

    private static boolean declaresMetric(Class<?> trainableClass) {
        Trainable trainable = trainableClass.getAnnotation(Trainable.class);
        return trainable != null && !trainable.metric().isEmpty();
    }

    private static String firstLine(String trace) {
        if (trace == null || trace.isBlank()) {
            return "no stack trace";
        }
        int end = trace.indexOf('\n');
        return (end < 0 ? trace : trace.substring(0, end)).strip();
    }
}
