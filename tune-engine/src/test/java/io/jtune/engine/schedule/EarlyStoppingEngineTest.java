package io.jtune.engine.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.testing.ListSearcher;
import io.jtune.engine.testing.Runs;
import io.jtune.engine.testing.StopAt;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The early-stopping schedulers through the real engine: HyperBand's trials pause at milestones and
 * the promoted ones resume from their checkpoints; ASHA and the median stopping rule stop trials
 * that fall behind.
 */
@Timeout(60)
class EarlyStoppingEngineTest {

    /** Reports {@code y = v * t}; the iteration count is its checkpointed state. */
    public static final class Line extends IterationTrainable {
        private double v;

        @Override
        public void setup(Config config) {
            v = config.getDouble("v");
        }

        @Override
        protected Map<String, ?> metricsAt(int t) {
            return Map.of("y", v * t, "t", t);
        }
    }

    @TempDir
    Path storage;

    /** Runs lines of the given slopes, in order, on {@code cpus} CPUs, for at most 16 iterations. */
    private ResultGrid run(TrialScheduler scheduler, int cpus, double... slopes) {
        List<Config> configs = new ArrayList<>();
        for (double v : slopes) {
            configs.add(Config.of(Map.of("v", v)));
        }
        return Tuner.of("line", Line::new)
                .name(scheduler.getClass().getSimpleName() + "_" + slopes[0])
                .storagePath(storage)
                .metric("y", Mode.MAX)
                .searcher(new ListSearcher(configs)).numSamples(-1)
                .scheduler(scheduler)
                .stop(StopAt.iteration(16))
                .machineResources(Runs.TWO_CPUS.withCpu(cpus))
                .progress(false)
                .outputFiles(false)
                .seed(1)
                .fit();
    }

    private static List<Long> lastIterations(ResultGrid grid) {
        return grid.trials().stream().map(t -> t.lastResult().trainingIteration()).toList();
    }

    @Test
    void hyperBandBracketsRunTheirRoundsAndPromotedTrialsResume() {
        HyperBandScheduler hyperBand = HyperBandScheduler.builder().maxT(9).build();
        ResultGrid grid = run(hyperBand, 8, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8);
        // maxT=9, eta=3: bracket s=0 holds v=0.1..0.3 (run to 9); bracket s=1 holds v=0.4..0.8 (run to 3,
        // then the best ceil(5/3) = 2, v=0.7 and 0.8, go on to 9)
        assertEquals(List.of(9L, 9L, 9L, 3L, 3L, 3L, 9L, 9L), lastIterations(grid), hyperBand.debugString());
        for (TrialOutcome t : grid.trials()) {
            assertEquals(TrialStatus.TERMINATED, t.status());
            List<Double> steps = t.history().stream().map(r -> r.getDouble("t")).toList();
            for (int i = 0; i < steps.size(); i++) {
                assertEquals(i + 1.0, steps.get(i), "trial " + t.config() + " resumed where it paused: " + steps);
            }
        }
        assertTrue(hyperBand.debugString().startsWith("Using HyperBand: num_stopped=3 total_brackets=2"), hyperBand.debugString());
    }

    /** One trial at a time, so each meets the rungs recorded by all before it. */
    @Test
    void ashaStopsEveryTrialBelowTheRungCutoff() {
        // rungs at 1, 4 and 16 (maxT 16, rf 4): each later, flatter line is below p75 of the earlier ones at t=1
        ResultGrid worse = run(AsyncHyperBandScheduler.builder().maxT(16).build(), 1, 0.8, 0.7, 0.6, 0.5);
        assertEquals(List.of(16L, 1L, 1L, 1L), lastIterations(worse));
        ResultGrid better = run(AsyncHyperBandScheduler.builder().maxT(16).build(), 1, 0.5, 0.6, 0.7, 0.8);
        assertEquals(List.of(16L, 16L, 16L, 16L), lastIterations(better), "each steeper line beats every cut-off");
    }

    @Test
    void medianStoppingStopsATrialBelowTheMedianOfTheOthers() {
        MedianStoppingRule rule = MedianStoppingRule.builder().timeAttr(Result.TRAINING_ITERATION).gracePeriod(2).build();
        // at t=2 the flat line's best (0.2) is below the median of the others' means over [2, 2] (1.4)
        ResultGrid grid = run(rule, 1, 0.8, 0.7, 0.6, 0.1);
        assertEquals(List.of(16L, 16L, 16L, 2L), lastIterations(grid));
        assertEquals("Using MedianStoppingRule: num_stopped=1.", rule.debugString());
    }
}
