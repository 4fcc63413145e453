package io.jtune.maven.launch;

import io.jtune.api.Trainable;
import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.annotated.ExpectationVerdicts;
import io.jtune.engine.annotated.MissedExpectation;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What {@code tune:run} says about one finished experiment: summary lines (trials by state, the
 * best trial with its metric and config, the results folder) and failures (trials that ended in
 * ERROR, that is beyond their failure policy, and missed {@code @Expect}ations).
 *
 * @param summary lines for the build log
 * @param failures one message per failure; empty when the experiment passed
 */
record ExperimentReport(List<String> summary, List<String> failures) {

    static ExperimentReport of(Class<?> trainableClass, ResultGrid grid) {
        List<String> summary = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        summary.add("  trials:      " + byStatus(grid.trials()));
        try {
            ResultGrid.BestResult best = grid.getBestResult();
            summary.add("  best trial:  " + best.trial().name() + ": " + best.metric() + " = " + best.value()
                    + " (" + best.mode() + ", " + best.scope() + " result)");
            summary.add("  best config: " + best.config());
        } catch (TuneException noBest) {
            summary.add("  best trial:  none (" + (declaresMetric(trainableClass) ? noBest.getMessage()
                    : "no metric declared: set @Trainable(metric = ..., mode = ...)") + ")");
        }
        summary.add("  results in:  " + grid.experimentDir());
        List<TrialOutcome> errors = grid.errors();
        if (!errors.isEmpty()) {
            TrialOutcome first = errors.get(0);
            failures.add(errors.size() + " of " + grid.trials().size() + " trials ended in ERROR; the first, " + first.name()
                    + ", failed " + first.numFailures() + (first.numFailures() == 1 ? " time" : " times") + " with "
                    + firstLine(first.errorTrace()) + " (stack traces in each trial's error.txt under " + grid.experimentDir() + ")");
        }
        ExpectationVerdicts.missed(trainableClass, grid).stream().map(MissedExpectation::message).forEach(failures::add);
        return new ExperimentReport(List.copyOf(summary), List.copyOf(failures));
    }

    private static boolean declaresMetric(Class<?> trainableClass) {
        Trainable trainable = trainableClass.getAnnotation(Trainable.class);
        return trainable != null && !trainable.metric().isEmpty();
    }

    private static String byStatus(List<TrialOutcome> trials) {
        Map<TrialStatus, Long> counts = new EnumMap<>(TrialStatus.class);
        trials.forEach(t -> counts.merge(t.status(), 1L, Long::sum));
        return counts.isEmpty() ? "none"
                : counts.entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining(", "));
    }

    private static String firstLine(String trace) {
        if (trace == null || trace.isBlank()) {
            return "no stack trace";
        }
        int end = trace.indexOf('\n');
        return (end < 0 ? trace : trace.substring(0, end)).strip();
    }
}
