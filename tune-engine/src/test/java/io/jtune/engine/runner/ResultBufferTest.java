package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.Stopper;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.schedule.MedianStoppingRule;
import io.jtune.engine.stop.Stoppers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code Tuner.resultBuffer(n)}: a trial runs ahead of the driver's decisions by up to n results,
 * every result still arrives in order with its own values, a stop takes effect at the latest n − 1
 * steps later, and where buffering is not safe the trial waits for each decision.
 */
class ResultBufferTest {
    private static final int BUFFER = 4;
    private static final ResourceRequest ONE_CPU = new ResourceRequest(1, 0, 1L << 30, Map.of());
    private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(20);

    @TempDir
    Path storage;

    /** Counts the steps its trainables took; each step returns the same mutable map, overwritten. */
    private static final class CountingSteps {
        final AtomicLong taken = new AtomicLong();

        ClassTrainable newTrainable() {
            Map<String, Object> metrics = new HashMap<>();
            return new ClassTrainable() {
                @Override
                public void setup(Config config) {
                }

                @Override
                public Map<String, ?> step() {
                    metrics.put("step", taken.incrementAndGet());
                    return metrics;
                }
            };
        }
    }

    /**
     * A stopper that never stops but notes, on the driver, how many steps were taken when each result
     * is decided on (stoppers are asked before the trial is told to go on); at the first result, it
     * waits for {@code waitFor} steps.
     */
    private static final class StepsAtDecision implements Stopper {
        private final AtomicLong taken;
        private final long waitFor;
        final List<Long> stepsTaken = new ArrayList<>();

        StepsAtDecision(AtomicLong taken, long waitFor) {
            this.taken = taken;
            this.waitFor = waitFor;
        }

        @Override
        public boolean shouldStop(String trialId, Result result) {
            if (result.trainingIteration() == 1) {
                long deadline = System.nanoTime() + WAIT_NANOS;
                while (taken.get() < waitFor && System.nanoTime() < deadline) {
                    Thread.onSpinWait();
                }
            }
            stepsTaken.add(taken.get());
            return false;
        }

        @Override
        public boolean stopAll() {
            return false;
        }
    }

    private ResultGrid fit(String name, CountingSteps steps, Stopper spy, int maxIterations, UnaryOperator<Tuner> settings) {
        Tuner tuner = Tuner.of("counting", steps::newTrainable).name(name).storagePath(storage).machineResources(ONE_CPU)
                .stop(Stoppers.maximumIteration(maxIterations)).stop(spy).progress(false).outputFiles(false).seed(3);
        return settings.apply(tuner).fit();
    }

    @Test
    void aTrialRunsAheadByTheBufferAndEveryResultArrivesInOrderWithItsOwnValues() {
        CountingSteps steps = new CountingSteps();
        StepsAtDecision spy = new StepsAtDecision(steps.taken, BUFFER);
        ResultGrid grid = fit("ahead", steps, spy, 20, t -> t.resultBuffer(BUFFER));

        List<Result> history = grid.get(0).history();
        assertEquals(20, history.size());
        for (int i = 0; i < history.size(); i++) {
            assertEquals(i + 1, history.get(i).trainingIteration(), "results in order");
            assertEquals(i + 1L, ((Number) history.get(i).get("step")).longValue(), "each result keeps the values of its own step");
        }
        assertEquals(BUFFER, spy.stepsTaken.get(0), "while the first result waited for its decision the trial took " + BUFFER + " steps, no more");
        for (int i = 0; i < spy.stepsTaken.size(); i++) {
            long answered = i;
            assertTrue(spy.stepsTaken.get(i) <= answered + BUFFER, "at result " + (i + 1) + " at most " + BUFFER + " results were unanswered: " + spy.stepsTaken);
        }
        assertTrue(history.get(19).done());
    }

    @Test
    void aStopTakesEffectAtTheLatestBufferMinusOneStepsLaterAndLaterResultsAreDropped() {
        CountingSteps steps = new CountingSteps();
        StepsAtDecision spy = new StepsAtDecision(steps.taken, BUFFER);
        ResultGrid grid = fit("stop", steps, spy, 3, t -> t.resultBuffer(BUFFER));

        List<Result> history = grid.get(0).history();
        assertEquals(3, history.size(), "the results after the stop are dropped");
        assertTrue(history.get(2).done());
        assertEquals(TrialStatus.TERMINATED, grid.get(0).status());
        assertTrue(steps.taken.get() <= 2 + BUFFER, "the trial stopped within the buffer: " + steps.taken.get() + " steps");
    }

    @Test
    void aFunctionTrainableReportsAheadAndStopsWithinTheBuffer() {
        AtomicLong reported = new AtomicLong();
        StepsAtDecision spy = new StepsAtDecision(reported, BUFFER);
        ResultGrid grid = Tuner.of("reporting", (config, session) -> {
            Map<String, Object> metrics = new HashMap<>();
            while (true) {
                metrics.put("step", reported.incrementAndGet());
                session.report(metrics);
            }
        }).name("function").storagePath(storage).machineResources(ONE_CPU).stop(Stoppers.maximumIteration(10)).stop(spy)
                .resultBuffer(BUFFER).progress(false).outputFiles(false).seed(3).fit();

        List<Result> history = grid.get(0).history();
        assertEquals(10, history.size());
        for (int i = 0; i < history.size(); i++) {
            assertEquals(i + 1L, ((Number) history.get(i).get("step")).longValue());
        }
        assertEquals(BUFFER, spy.stepsTaken.get(0), "report returned at once while the buffer had room");
        assertTrue(reported.get() <= 9 + BUFFER, "stopped within the buffer: " + reported.get() + " reports");
    }

    @Test
    void withoutABufferWithASchedulerThatPausesOrInDeterministicModeEachResultWaitsForItsDecision() {
        Map<String, UnaryOperator<Tuner>> setups = Map.of(
                "default", t -> t,
                "median stopping", t -> t.resultBuffer(BUFFER).scheduler(MedianStoppingRule.builder().metric("step", Mode.MAX).build()),
                "deterministic", t -> t.resultBuffer(BUFFER).deterministic(true));
        setups.forEach((name, setup) -> {
            CountingSteps steps = new CountingSteps();
            StepsAtDecision spy = new StepsAtDecision(steps.taken, 1);
            fit(name, steps, spy, 6, setup);
            assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), spy.stepsTaken, name + ": the trial took no step before the decision on its last result");
        });
    }

    @Test
    void aBufferBelowOneIsRefusedNamingTheSetting() {
        IllegalArgumentException tuner = assertThrows(IllegalArgumentException.class, () -> Tuner.of("counting", new CountingSteps()::newTrainable).resultBuffer(0));
        assertTrue(tuner.getMessage().contains("resultBuffer must be >= 1"), tuner.getMessage());
        System.setProperty(ResultBuffer.PROPERTY, "many");
        try {
            IllegalArgumentException property = assertThrows(IllegalArgumentException.class, ResultBuffer::fromSystemProperty);
            assertTrue(property.getMessage().contains(ResultBuffer.PROPERTY) && property.getMessage().contains("'many'"), property.getMessage());
        } finally {
            System.clearProperty(ResultBuffer.PROPERTY);
        }
    }
}
