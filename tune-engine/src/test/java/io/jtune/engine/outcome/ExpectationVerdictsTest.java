package io.jtune.engine.outcome;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Expect;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.Step;
import io.jtune.api.Trainable;
import io.jtune.api.TrialStatus;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class ExpectationVerdictsTest {

    @Trainable(metric = "accuracy", mode = "max")
    @Expect(atLeast = 0.9)
    @Expect(metric = "loss", atLeast = 0.1, atMost = 0.5)
    static class TwoExpectations {
        @Step
        Map<String, Object> step() {
            return Map.of("accuracy", 1.0, "loss", 0.2);
        }
    }

    @Trainable(metric = "accuracy", mode = "max")
    static class NoExpectation {
        @Step
        Map<String, Object> step() {
            return Map.of("accuracy", 1.0);
        }
    }

    @Trainable
    @Expect(metric = "accuracy", atLeast = 0.5)
    static class NoExperimentMetric {
        @Step
        Map<String, Object> step() {
            return Map.of("accuracy", 1.0);
        }
    }

    @Test
    void holdsWhenEveryMetricIsWithinItsBoundsTheBoundsIncluded() {
        assertEquals(List.of(), missed(TwoExpectations.class, trial("a", metrics(0.9, 0.5))));
        assertEquals(List.of(), missed(TwoExpectations.class, trial("a", metrics(0.95, 0.1))));
    }

    @Test
    void anEmptyMetricMeansTheTrainablesMetricAndTheMessageNamesTheBestTrialTheValueAndTheThreshold() {
        List<MissedExpectation> missed = missed(TwoExpectations.class, trial("a", metrics(0.89, 0.3)));

        assertEquals(1, missed.size(), missed.toString());
        MissedExpectation accuracy = missed.get(0);
        assertEquals("@Expect(metric = \"accuracy\", atLeast = 0.9) missed: the best trial train_a (best by accuracy, max) ended with accuracy = 0.89,"
                + " below the threshold 0.9", accuracy.message());
        assertEquals("accuracy", accuracy.metric());
        assertEquals(OptionalDouble.of(0.89), accuracy.value());
        assertEquals("train_a", accuracy.best().orElseThrow().trial().name());
        assertEquals("at least 0.9", accuracy.bounds());
    }

    @Test
    void reportsEachMissedBoundInDeclarationOrder() {
        List<MissedExpectation> missed = missed(TwoExpectations.class, trial("a", metrics(0.5, 0.7)));

        assertEquals(2, missed.size(), missed.toString());
        assertEquals("accuracy", missed.get(0).metric());
        assertEquals("@Expect(metric = \"loss\", atLeast = 0.1, atMost = 0.5) missed: the best trial train_a (best by accuracy, max) ended with"
                + " loss = 0.7, above the threshold 0.5", missed.get(1).message());
        assertEquals("at least 0.1 and at most 0.5", missed.get(1).bounds());
        assertTrue(missed(TwoExpectations.class, trial("a", metrics(0.95, 0.05))).get(0).message().endsWith("loss = 0.05, below the threshold 0.1"));
    }

    @Test
    void theBestTrialIsChosenByTheExperimentsMetricNotByTheExpectedOne() {
        // b has the better loss, but a the better accuracy: a is the best trial, and its loss misses
        List<MissedExpectation> missed = missed(TwoExpectations.class, trial("a", metrics(0.99, 0.8)), trial("b", metrics(0.95, 0.3)));

        assertEquals(1, missed.size(), missed.toString());
        assertEquals("train_a", missed.get(0).best().orElseThrow().trial().name());
        assertEquals(OptionalDouble.of(0.8), missed.get(0).value());
    }

    @Test
    void theValueIsTheLastTheBestTrialReportedNotItsBest() {
        // accuracy peaked at 0.95 but ended at 0.85 (a miss); loss, last reported at iteration 1 with 0.2, holds
        TrialOutcome a = trial("a", metrics(0.95, 0.2), Map.of("accuracy", 0.85));

        List<MissedExpectation> missed = missed(TwoExpectations.class, a);

        assertEquals(1, missed.size(), missed.toString());
        assertEquals(OptionalDouble.of(0.85), missed.get(0).value());
    }

    @Test
    void aMetricTheBestTrialDidNotReportMissesNamingWhatItReports() {
        List<MissedExpectation> missed = missed(TwoExpectations.class, trial("a", Map.of("accuracy", 0.95, Result.CONFIG, Map.of("x", 1))));

        assertEquals(1, missed.size(), missed.toString());
        assertEquals("@Expect(metric = \"loss\", atLeast = 0.1, atMost = 0.5) missed: the best trial train_a (best by accuracy, max)"
                + " did not report 'loss'; it reports [accuracy, training_iteration]", missed.get(0).message());
        assertEquals(OptionalDouble.empty(), missed.get(0).value());
    }

    @Test
    void nanAndNonNumericValuesNeverPass() {
        List<MissedExpectation> missed = missed(TwoExpectations.class, trial("a", Map.of("accuracy", 0.95, "loss", "low")));
        assertEquals(1, missed.size(), missed.toString());
        assertTrue(missed.get(0).message().endsWith("ended with loss = low, which is not a number"), missed.get(0).message());

        missed = missed(TwoExpectations.class, trial("a", metrics(0.95, Double.NaN)));
        assertEquals(1, missed.size(), missed.toString());
        assertTrue(missed.get(0).message().endsWith("ended with loss = NaN, which is not a number"), missed.get(0).message());
        assertTrue(Double.isNaN(missed.get(0).value().orElseThrow()));
    }

    @Test
    void withoutABestTrialEveryExpectationMissesSayingWhy() {
        assertEquals(List.of("@Expect(metric = \"accuracy\", atLeast = 0.9) missed: no trial reported a result",
                "@Expect(metric = \"loss\", atLeast = 0.1, atMost = 0.5) missed: no trial reported a result"),
                messages(missed(TwoExpectations.class, trial("a"))));
        assertEquals("@Expect(metric = \"accuracy\", atLeast = 0.9) missed: the experiment ran no trial",
                messages(missed(TwoExpectations.class)).get(0));
        assertEquals("@Expect(metric = \"accuracy\", atLeast = 0.9) missed: no trial reported the experiment's metric 'accuracy', so there is no"
                + " best trial; the trials report [loss, training_iteration]", messages(missed(TwoExpectations.class, trial("a", Map.of("loss", 0.2)))).get(0));
        assertEquals("@Expect(metric = \"accuracy\", atLeast = 0.9) missed: every trial's last value of the experiment's metric 'accuracy' is NaN"
                + " or infinite, so there is no best trial", messages(missed(TwoExpectations.class, trial("a", metrics(Double.NaN, 0.2)))).get(0));
        List<MissedExpectation> missed = missed(TwoExpectations.class, trial("a"));
        assertTrue(missed.get(0).best().isEmpty() && missed.get(0).value().isEmpty(), missed.toString());
    }

    @Test
    void anExperimentWithoutAMetricHasNoBestTrialToJudge() {
        assertEquals(List.of("@Expect(metric = \"accuracy\", atLeast = 0.5) missed: @Trainable declares no metric to choose the best trial by:"
                + " set @Trainable(metric = \"<name>\", mode = \"min\" or \"max\")"),
                messages(missed(NoExperimentMetric.class, trial("a", Map.of("accuracy", 1.0)))));
    }

    @Test
    void aClassWithoutExpectationsHasNothingToMiss() {
        assertEquals(List.of(), missed(NoExpectation.class));
    }

    private static List<MissedExpectation> missed(Class<?> trainableClass, TrialOutcome... trials) {
        return ExpectationVerdicts.missed(trainableClass, new ResultGrid(Arrays.asList(trials), "accuracy", Mode.MAX, Path.of("experiment")));
    }

    private static List<String> messages(List<MissedExpectation> missed) {
        return missed.stream().map(MissedExpectation::message).toList();
    }

    private static Map<String, Object> metrics(double accuracy, double loss) {
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("accuracy", accuracy);
        metrics.put("loss", loss);
        return metrics;
    }

    @SafeVarargs
    private static TrialOutcome trial(String id, Map<String, Object>... results) {
        List<Result> history = new ArrayList<>();
        for (Map<String, Object> metrics : results) {
            Map<String, Object> result = new LinkedHashMap<>(metrics);
            result.put(Result.TRAINING_ITERATION, history.size() + 1);
            history.add(Result.of(result));
        }
        return new TrialOutcome(id, "train_" + id, Config.of(Map.of("id", id)), TrialStatus.TERMINATED, history, null, Path.of(id), null, 0);
    }
}
