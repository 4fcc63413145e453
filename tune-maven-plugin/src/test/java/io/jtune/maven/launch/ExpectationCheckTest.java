package io.jtune.maven.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Expect;
import io.jtune.api.Result;
import io.jtune.api.Step;
import io.jtune.api.Trainable;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExpectationCheckTest {

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

    @Test
    void holdsWhenEveryMetricIsWithinItsBounds() {
        assertEquals(List.of(), ExpectationCheck.misses(TwoExpectations.class, result(0.9, 0.5)));
        assertEquals(List.of(), ExpectationCheck.misses(TwoExpectations.class, result(0.95, 0.1)));
    }

    @Test
    void anEmptyMetricMeansTheTrainablesMetric() {
        List<String> misses = ExpectationCheck.misses(TwoExpectations.class, result(0.89, 0.3));
        assertEquals(List.of("@Expect accuracy >= 0.9 missed: the best trial ended with accuracy = 0.89"), misses);
    }

    @Test
    void reportsEachMissedBound() {
        List<String> misses = ExpectationCheck.misses(TwoExpectations.class, result(0.5, 0.7));
        assertEquals(2, misses.size(), misses.toString());
        assertEquals("@Expect 0.1 <= loss <= 0.5 missed: the best trial ended with loss = 0.7", misses.get(1));
    }

    @Test
    void aMissingOrNonNumericMetricMisses() {
        List<String> misses = ExpectationCheck.misses(TwoExpectations.class, Result.of(Map.of("accuracy", "high")));
        assertEquals(2, misses.size(), misses.toString());
        assertTrue(misses.get(0).endsWith("accuracy = NaN"), misses.get(0));
        assertTrue(misses.get(1).contains("has no metric 'loss'"), misses.get(1));
    }

    @Test
    void noResultMissesEveryExpectation() {
        List<String> misses = ExpectationCheck.misses(TwoExpectations.class, null);
        assertEquals(List.of("@Expect accuracy >= 0.9 missed: no trial reported a result",
                "@Expect 0.1 <= loss <= 0.5 missed: no trial reported a result"), misses);
    }

    @Test
    void aClassWithoutExpectationsHasNothingToMiss() {
        assertEquals(List.of(), ExpectationCheck.misses(NoExpectation.class, null));
    }

    private static Result result(double accuracy, double loss) {
        return Result.of(Map.of("accuracy", accuracy, "loss", loss, Result.TRAINING_ITERATION, 3));
    }
}
