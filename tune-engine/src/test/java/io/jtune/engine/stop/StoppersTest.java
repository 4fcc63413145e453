package io.jtune.engine.stop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.TuneException;
import io.jtune.api.spi.Stopper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class StoppersTest {

    private static Result iteration(long trainingIteration) {
        return Result.of(Map.of(Result.TRAINING_ITERATION, trainingIteration));
    }

    private static Result metric(String name, double value) {
        return Result.of(Map.of(name, value));
    }

    /** Which of the values (1-based) made the stopper say stop, feeding them to one trial in order. */
    private static List<Integer> stopsAt(Stopper stopper, String trial, String metric, double... values) {
        List<Integer> stops = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            if (stopper.shouldStop(trial, metric(metric, values[i]))) {
                stops.add(i + 1);
            }
        }
        return stops;
    }

    @Nested
    class MaximumIteration {
        @Test
        void stopsEachTrialWhenItsTrainingIterationReachesMaxIter() {
            MaximumIterationStopper stopper = Stoppers.maximumIteration(3);
            assertFalse(stopper.shouldStop("a", iteration(1)));
            assertFalse(stopper.shouldStop("a", iteration(2)));
            assertFalse(stopper.shouldStop("b", iteration(1)));
            assertTrue(stopper.shouldStop("a", iteration(3)));
            assertEquals(Set.of(), stopper.metrics());
        }

        @Test
        void aTrialRestartedFromAnOlderCheckpointStillTrainsToTheLimit() {
            MaximumIterationStopper stopper = Stoppers.maximumIteration(3);
            assertFalse(stopper.shouldStop("a", iteration(1)));
            assertFalse(stopper.shouldStop("a", iteration(2)));
            // the run failed and restarts from scratch: iterations 1 and 2 come again
            assertFalse(stopper.shouldStop("a", iteration(1)));
            assertFalse(stopper.shouldStop("a", iteration(2)));
            assertTrue(stopper.shouldStop("a", iteration(3)));
        }

        @Test
        void rejectsZero() {
            assertThrows(IllegalArgumentException.class, () -> Stoppers.maximumIteration(0));
        }
    }

    @Nested
    class MetricThresholds {
        @Test
        void stopsWhenAnyMetricReachesItsValueAsRaysDict() {
            Map<String, Number> dict = new LinkedHashMap<>();
            dict.put("acc", 0.9);
            dict.put("training_iteration", 10);
            MetricThresholdStopper stopper = Stoppers.metricThresholds(dict);

            assertFalse(stopper.shouldStop("a", Result.of(Map.of("acc", 0.5, "training_iteration", 3))));
            assertTrue(stopper.shouldStop("a", Result.of(Map.of("acc", 0.9, "training_iteration", 4))));
            assertTrue(stopper.shouldStop("a", Result.of(Map.of("acc", 0.1, "training_iteration", 10))));
            assertFalse(stopper.shouldStop("a", Result.of(Map.of("acc", Double.NaN, "training_iteration", 1))));
            assertEquals(List.of("acc", "training_iteration"), List.copyOf(stopper.metrics()));
        }

        @Test
        void withMinStopsAtOrBelowTheThreshold() {
            MetricThresholdStopper stopper = Stoppers.metricThreshold("loss", 0.1, Mode.MIN);
            assertEquals(List.of(3, 4), stopsAt(stopper, "a", "loss", 0.5, 0.11, 0.1, 0.05));
        }

        @Test
        void aMissingMetricIsAnErrorNamingItAndTheReportedOnes() {
            MetricThresholdStopper stopper = Stoppers.metricThresholds(Map.of("acc", 0.9));
            Result result = Result.of(Map.of("loss", 1.0, "config", Config.empty()));

            TuneException e = assertThrows(TuneException.class, () -> stopper.shouldStop("t1", result));

            assertTrue(e.getMessage().contains("trial t1 did not report metric 'acc'; it reports [loss]"), e.getMessage());
        }
    }

    @Nested
    class TrialPlateau {
        @Test
        void stopsWhenTheLastFourValuesVaryLessThanStdAfterTheGracePeriod() {
            TrialPlateauStopper stopper = Stoppers.trialPlateau("loss");
            assertEquals(List.of(6), stopsAt(stopper, "a", "loss", 1.0, 1.5, 1.0, 1.0, 1.0, 1.0));
            assertEquals(List.of(4), stopsAt(stopper, "b", "loss", 2, 2, 2, 2), "another trial has its own window");
            assertEquals(Set.of("loss"), stopper.metrics());
        }

        @Test
        void usesThePopulationStandardDeviationAsNumpy() {
            // population std of [1, 1.02, 1, 1.02] is 0.01; the sample std would be 0.0115
            TrialPlateauStopper stopper = new TrialPlateauStopper("loss", 0.0105, 4, 4, null, null);
            assertEquals(List.of(4), stopsAt(stopper, "a", "loss", 1, 1.02, 1, 1.02));
        }

        @Test
        void waitsForTheGracePeriodAndTheThreshold() {
            TrialPlateauStopper grace = new TrialPlateauStopper("loss", 0.01, 2, 5, null, null);
            assertEquals(List.of(5, 6), stopsAt(grace, "a", "loss", 3, 3, 3, 3, 3, 3));

            TrialPlateauStopper threshold = new TrialPlateauStopper("loss", 0.01, 2, 0, 0.5, Mode.MIN);
            assertEquals(List.of(4), stopsAt(threshold, "a", "loss", 1, 1, 0.5, 0.5));
            TrialPlateauStopper max = new TrialPlateauStopper("acc", 0.01, 2, 0, 0.9, Mode.MAX);
            assertEquals(List.of(4), stopsAt(max, "a", "acc", 0.5, 0.5, 0.9, 0.9));
        }

        @Test
        void nanNeverPlateausAndAThresholdNeedsAMode() {
            assertEquals(List.of(), stopsAt(Stoppers.trialPlateau("loss"), "a", "loss", Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new TrialPlateauStopper("loss", 0.01, 4, 4, 0.5, null));
            assertTrue(e.getMessage().contains("mode must be MIN or MAX"), e.getMessage());
        }

        @Test
        void continuesItsWindowsAfterARestore() {
            TrialPlateauStopper stopper = Stoppers.trialPlateau("loss");
            stopsAt(stopper, "a", "loss", 9, 1, 1, 1);
            stopsAt(stopper, "b", "loss", 1, 1, 1, Double.NaN);
            TrialPlateauStopper restored = Stoppers.trialPlateau("loss");
            restored.restoreState(stopper.saveState());
            assertEquals(List.of(1), stopsAt(restored, "a", "loss", 1), "the window [1, 1, 1, 1] after [9, 1, 1, 1]");
            assertEquals(List.of(4), stopsAt(restored, "b", "loss", 1, 1, 1, 1), "the saved NaN stays in the window until pushed out");
        }
    }

    @Nested
    class ExperimentPlateau {
        @Test
        void stopsEverythingWhenTheTopValuesPlateau() {
            ExperimentPlateauStopper stopper = new ExperimentPlateauStopper("loss", 0.01, 3, Mode.MIN, 0);
            assertFalse(stopper.shouldStop("a", metric("loss", 5)));
            assertFalse(stopper.shouldStop("b", metric("loss", 3)));
            assertFalse(stopper.shouldStop("a", metric("loss", 3.005)), "top 3 = [3, 3.005, 5]");
            assertFalse(stopper.stopAll());
            assertTrue(stopper.shouldStop("c", metric("loss", 3.001)), "top 3 = [3, 3.001, 3.005], std 0.0022");
            assertTrue(stopper.stopAll());
        }

        @Test
        void keepsTheLargestValuesForMaxAndWaitsForPatience() {
            ExperimentPlateauStopper stopper = new ExperimentPlateauStopper("acc", 0.01, 2, Mode.MAX, 2);
            assertFalse(stopper.shouldStop("a", metric("acc", 0.2)));
            assertFalse(stopper.shouldStop("a", metric("acc", 0.9)), "top [0.9, 0.2]");
            assertFalse(stopper.shouldStop("a", metric("acc", 0.905)), "top [0.905, 0.9]: plateau 1 of 2");
            assertTrue(stopper.shouldStop("b", metric("acc", 0.5)), "0.5 stays out of the top: plateau 2 of 2");
        }

        @Test
        void patienceCountsPlateauedResultsInARowAndABreakResetsIt() {
            ExperimentPlateauStopper stopper = new ExperimentPlateauStopper("loss", 0.01, 2, Mode.MIN, 3);
            assertEquals(List.of(), stopsAt(stopper, "a", "loss", 1, 1.001, 7));
            assertEquals(List.of(), stopsAt(stopper, "a", "loss", 0.5), "the top [0.5, 1] broke the plateau");
            assertEquals(List.of(3), stopsAt(stopper, "a", "loss", 0.501, 9, 9));
        }

        @Test
        void restoresTheTopValuesAndCounter() {
            ExperimentPlateauStopper stopper = new ExperimentPlateauStopper("loss", 0.01, 2, Mode.MIN, 2);
            stopsAt(stopper, "a", "loss", 1, 1.001);
            ExperimentPlateauStopper restored = new ExperimentPlateauStopper("loss", 0.01, 2, Mode.MIN, 2);
            restored.restoreState(stopper.saveState());
            assertTrue(restored.shouldStop("a", metric("loss", 50)));
        }

        @Test
        void validatesAsRay() {
            assertThrows(IllegalArgumentException.class, () -> new ExperimentPlateauStopper("loss", 0.001, 1, Mode.MIN, 0));
            assertThrows(IllegalArgumentException.class, () -> new ExperimentPlateauStopper("loss", 0, 10, Mode.MIN, 0));
            assertThrows(IllegalArgumentException.class, () -> new ExperimentPlateauStopper("loss", 0.001, 10, Mode.MIN, -1));
            assertThrows(TuneException.class, () -> Stoppers.experimentPlateau("loss", Mode.MIN).shouldStop("a", metric("acc", 1)));
        }
    }

    @Nested
    class Timeout {
        private final AtomicLong now = new AtomicLong(TimeUnit.SECONDS.toNanos(100));

        private void at(long seconds) {
            now.set(TimeUnit.SECONDS.toNanos(seconds));
        }

        @Test
        void stopsAllOnceTheTimeBetweenChecksAddsUpToTheBudget() {
            TimeoutStopper stopper = new TimeoutStopper(Duration.ofSeconds(10), now::get);
            assertFalse(stopper.stopAll(), "the first check starts the clock");
            at(105);
            assertFalse(stopper.stopAll());
            assertFalse(stopper.shouldStop("a", metric("x", 1)), "never stops one trial");
            at(110);
            assertTrue(stopper.stopAll());
        }

        @Test
        void aRestoredStopperHasTheBudgetThatWasLeftAndIgnoresTheDownTime() {
            TimeoutStopper stopper = new TimeoutStopper(Duration.ofSeconds(10), now::get);
            stopper.stopAll();
            at(106);
            stopper.stopAll();
            String state = stopper.saveState();

            at(1000);
            TimeoutStopper restored = new TimeoutStopper(Duration.ofSeconds(10), now::get);
            restored.restoreState(state);
            assertFalse(restored.stopAll());
            assertEquals(Duration.ofSeconds(4), restored.remaining());
            at(1003);
            assertFalse(restored.stopAll());
            at(1004);
            assertTrue(restored.stopAll());
        }
    }

    @Test
    void functionStopperAsksTheFunction() {
        FunctionStopper stopper = Stoppers.function((id, r) -> id.equals("b") && r.getDouble("loss") < 1);
        assertFalse(stopper.shouldStop("a", metric("loss", 0)));
        assertFalse(stopper.shouldStop("b", metric("loss", 2)));
        assertTrue(stopper.shouldStop("b", metric("loss", 0.5)));
    }

    @Test
    void combinedStopperStopsWhenAnyDoesAndFeedsEveryStopper() {
        MaximumIterationStopper one = Stoppers.maximumIteration(1);
        List<String> seenByLast = new java.util.ArrayList<>();
        AtomicLong now = new AtomicLong();
        TimeoutStopper timeout = new TimeoutStopper(Duration.ofSeconds(1), now::get);
        CombinedStopper combined = Stoppers.anyOf(one, Stoppers.metricThresholds(Map.of("acc", 1)), timeout,
                Stoppers.function((id, r) -> seenByLast.add(id) && false));

        assertTrue(combined.shouldStop("a", Result.of(Map.of("acc", 0, Result.TRAINING_ITERATION, 1L))));
        assertEquals(List.of("a"), seenByLast, "the later stopper saw the result too");
        assertEquals(Set.of("acc"), combined.metrics());
        assertFalse(combined.stopAll());
        now.set(TimeUnit.SECONDS.toNanos(1));
        assertTrue(combined.stopAll());

        CombinedStopper restored = Stoppers.anyOf(Stoppers.maximumIteration(5), Stoppers.metricThresholds(Map.of("acc", 1)),
                new TimeoutStopper(Duration.ofSeconds(1), now::get), Stoppers.function((id, r) -> false));
        restored.restoreState(combined.saveState());
        assertTrue(restored.stopAll(), "the time budget's state came back: none is left");
        assertThrows(TuneException.class, () -> Stoppers.anyOf(one).restoreState(combined.saveState()));
    }
}
