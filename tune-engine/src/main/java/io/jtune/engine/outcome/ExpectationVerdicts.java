package io.jtune.engine.outcome;

import io.jtune.api.Expect;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.Trainable;
import io.jtune.api.TuneException;
import io.jtune.engine.ResultGrid.BestResult;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * The {@link Expect} verdicts of a {@code @Trainable} class on its finished experiment, the one
 * rule every front end applies. The best trial is the one the {@link ResultGrid} ranks first by
 * the {@code @Trainable} metric and mode, each trial judged by its last value of that metric: the
 * trial the experiment's reports name as best. An expectation's metric (empty: the
 * {@code @Trainable} metric) is read as the last value the best trial reported of it, and must
 * lie within {@code [atLeast, atMost]}; NaN and non-numeric values never do. An expectation is
 * also missed, with a message saying why, when the experiment has no best trial or the best trial
 * never reported the metric.
 */
public final class ExpectationVerdicts {
    private static final String DECLARE_METRIC = "set @Trainable(metric = \"<name>\", mode = \"min\" or \"max\")";

    private final String experimentMetric;
    private final Optional<BestResult> best;
    private final String noBestTrial;

    private ExpectationVerdicts(String experimentMetric, Optional<BestResult> best, String noBestTrial) {
        this.experimentMetric = experimentMetric;
        this.best = best;
        this.noBestTrial = noBestTrial;
    }

    /** The class's expectations the experiment missed, in declaration order; empty when all hold or the class declares none. */
    public static List<MissedExpectation> missed(Class<?> trainableClass, ResultGrid grid) {
        Expect[] expectations = trainableClass.getAnnotationsByType(Expect.class);
        if (expectations.length == 0) {
            return List.of();
        }
        ExpectationVerdicts verdicts = on(trainableClass.getAnnotation(Trainable.class), grid);
        List<MissedExpectation> missed = new ArrayList<>();
        for (Expect expect : expectations) {
            verdicts.judge(expect).ifPresent(missed::add);
        }
        return List.copyOf(missed);
    }

    private static ExpectationVerdicts on(Trainable trainable, ResultGrid grid) {
        String metric = trainable == null ? "" : trainable.metric();
        if (metric.isEmpty()) {
            return new ExpectationVerdicts(metric, Optional.empty(), "@Trainable declares no metric to choose the best trial by: " + DECLARE_METRIC);
        }
        try {
            return new ExpectationVerdicts(metric, Optional.of(grid.getBestResult(metric, Mode.parse(trainable.mode()), ResultGrid.Scope.LAST)), null);
        } catch (TuneException noBestTrial) {
            return new ExpectationVerdicts(metric, Optional.empty(), whyNoBestTrial(grid, metric));
        }
    }

    private Optional<MissedExpectation> judge(Expect expect) {
        String metric = expect.metric().isEmpty() ? experimentMetric : expect.metric();
        String missed = describe(metric, expect) + " missed: ";
        if (best.isEmpty()) {
            return Optional.of(new MissedExpectation(metric, expect.atLeast(), expect.atMost(), best, OptionalDouble.empty(), missed + noBestTrial));
        }
        TrialOutcome trial = best.get().trial();
        String bestTrial = "the best trial " + trial.name() + " (best by " + best.get().metric() + ", " + best.get().mode() + ")";
        Optional<Result> reported = lastReporting(trial, metric);
        if (reported.isEmpty()) {
            return Optional.of(new MissedExpectation(metric, expect.atLeast(), expect.atMost(), best, OptionalDouble.empty(),
                    missed + bestTrial + " did not report '" + metric + "'; it reports " + metricsOf(List.of(trial))));
        }
        double value = reported.get().getDouble(metric);
        String outside = outside(value, expect);
        if (outside == null) {
            return Optional.empty();
        }
        Object raw = reported.get().get(metric);
        String shown = raw instanceof Number || raw instanceof Boolean ? Double.toString(value) : String.valueOf(raw);
        return Optional.of(new MissedExpectation(metric, expect.atLeast(), expect.atMost(), best, OptionalDouble.of(value),
                missed + bestTrial + " ended with " + metric + " = " + shown + ", " + outside));
    }

    /** Why {@code value} lies outside the expectation's bounds, or null when it lies within. */
    private static String outside(double value, Expect expect) {
        if (Double.isNaN(value)) {
            return "which is not a number";
        }
        if (!Double.isNaN(expect.atLeast()) && value < expect.atLeast()) {
            return "below the threshold " + expect.atLeast();
        }
        if (!Double.isNaN(expect.atMost()) && value > expect.atMost()) {
            return "above the threshold " + expect.atMost();
        }
        return null;
    }

    /** The trial's latest result that has {@code metric}. */
    private static Optional<Result> lastReporting(TrialOutcome trial, String metric) {
        List<Result> history = trial.history();
        for (int i = history.size() - 1; i >= 0; i--) {
            if (history.get(i).has(metric)) {
                return Optional.of(history.get(i));
            }
        }
        return Optional.empty();
    }

    private static String whyNoBestTrial(ResultGrid grid, String metric) {
        if (grid.size() == 0) {
            return "the experiment ran no trial";
        }
        Set<String> reported = metricsOf(grid.trials());
        if (reported.isEmpty()) {
            return "no trial reported a result";
        }
        if (!reported.contains(metric)) {
            return "no trial reported the experiment's metric '" + metric + "', so there is no best trial; the trials report " + reported;
        }
        return "every trial's last value of the experiment's metric '" + metric + "' is NaN or infinite, so there is no best trial";
    }

    /** Every key the trials' results hold but the config, in the order first reported. */
    private static Set<String> metricsOf(List<TrialOutcome> trials) {
        Set<String> keys = new LinkedHashSet<>();
        trials.forEach(t -> t.history().forEach(r -> keys.addAll(r.asMap().keySet())));
        keys.remove(Result.CONFIG);
        return keys;
    }

    /** The expectation as declared, with its metric resolved: {@code @Expect(metric = "loss", atLeast = 0.1, atMost = 0.5)}. */
    private static String describe(String metric, Expect expect) {
        StringBuilder text = new StringBuilder("@Expect(metric = \"").append(metric).append('"');
        if (!Double.isNaN(expect.atLeast())) {
            text.append(", atLeast = ").append(expect.atLeast());
        }
        if (!Double.isNaN(expect.atMost())) {
            text.append(", atMost = ").append(expect.atMost());
        }
        return text.append(')').toString();
    }
}
