package io.jtune.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.trainable.TrainFunction;
import io.jtune.engine.schedule.AsyncHyperBandScheduler;
import io.jtune.engine.schedule.HyperBandScheduler;
import io.jtune.engine.search.tpe.TpeSearch;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A seed is all it takes: two TPE + ASHA runs with the same seed, 4 trials at once and step times
 * drawn at random (so results arrive in a different order each run), give the same trials in the
 * same order with the same configs, results and early stops.
 */
@Timeout(180)
class SeededRunsRepeatTest {
    private static final ResourceRequest FOUR_CPUS = new ResourceRequest(4, 0, 1L << 30, Map.of());
    private static final SearchSpace XY = SearchSpace.builder().uniform("x", -1, 1).loguniform("lr", 1e-4, 1e-1).build();

    @TempDir
    Path storage;

    /** A curve whose steps take 0–3 ms at random; {@code most} keeps the most steps computing at once. */
    private static TrainFunction jitteryCurve(AtomicInteger computing, AtomicInteger most) {
        return (config, session) -> {
            double x = config.getDouble("x");
            double lr = config.getDouble("lr");
            for (int i = 1; i <= 9; i++) {
                most.accumulateAndGet(computing.incrementAndGet(), Math::max);
                LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(3_000_000));
                computing.decrementAndGet();
                session.report(Map.of("loss", (x - 0.3) * (x - 0.3) + Math.abs(Math.log10(lr) + 2) + 1.0 / i));
            }
        };
    }

    /** Each trial in creation order: id, config, and every loss it reported. */
    private List<String> run(String name, AtomicInteger most, AtomicInteger stoppedEarly) {
        ResultGrid grid = Tuner.of("curve", jitteryCurve(new AtomicInteger(), most))
                .name(name).storagePath(storage).machineResources(FOUR_CPUS).maxConcurrentTrials(4).seed(42).progress(false)
                .space(XY).metric("loss", Mode.MIN).searcher(new TpeSearch()).numSamples(24)
                .scheduler(AsyncHyperBandScheduler.builder().maxT(9).gracePeriod(1).reductionFactor(3).build())
                .fit();
        List<String> trials = new ArrayList<>();
        for (TrialOutcome t : grid.trials()) {
            stoppedEarly.addAndGet(t.history().size() < 9 ? 1 : 0);
            trials.add(t.id() + " " + t.config().flatten() + " " + t.history().stream().map(r -> r.get("loss")).toList());
        }
        return trials;
    }

    @Test
    void twoRunsWithTheSameSeedGiveTheSameTrialsInTheSameOrderAtConcurrencyFour() {
        AtomicInteger most = new AtomicInteger();
        AtomicInteger stoppedEarly = new AtomicInteger();
        List<String> first = run("first", most, stoppedEarly);
        List<String> second = run("second", most, new AtomicInteger());

        assertEquals(24, first.size());
        assertEquals(first, second);
        assertTrue(most.get() > 1, "trials computed side by side (" + most.get() + " at most)");
        assertTrue(stoppedEarly.get() > 0, "ASHA stopped some trials early");
    }

    @Test
    void aSeedTurnsDeterministicModeOnForFifoAndAshaUnlessItWasChosen() {
        TrainFunction noop = (config, session) -> session.report(Map.of(Result.DONE, true));
        assertTrue(Tuner.of("t", noop).seed(1).machineResources(FOUR_CPUS).spec().deterministic());
        assertEquals(4, Tuner.of("t", noop).seed(1).machineResources(FOUR_CPUS).spec().deterministicWidth(), "at the run's own concurrency");
        assertEquals(2, Tuner.of("t", noop).seed(1).machineResources(FOUR_CPUS).maxConcurrentTrials(2).spec().deterministicWidth());
        assertFalse(Tuner.of("t", noop).seed(1).deterministic(false).spec().deterministic(), "turned off explicitly");
        assertFalse(Tuner.of("t", noop).spec().deterministic(), "no seed, no deterministic mode");
        assertEquals(3, Tuner.of("t", noop).deterministic(3).seed(1).spec().deterministicWidth(), "a chosen width stays");
        assertFalse(Tuner.of("t", noop).seed(1).scheduler(HyperBandScheduler.builder().maxT(9).build()).spec().deterministic(),
                "a pausing scheduler keeps more trials going than run at once: the seed fixes its random choices only");
        assertFalse(Tuner.of("t", noop).seed(1).resultBuffer(4).spec().deterministic(), "a result buffer asked for runs free");
    }
}
