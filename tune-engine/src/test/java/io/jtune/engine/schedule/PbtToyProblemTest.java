package io.jtune.engine.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.space.Space;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.engine.Tuner;
import io.jtune.engine.testing.FirstComeScheduler;
import io.jtune.engine.testing.ListSearcher;
import io.jtune.engine.testing.Runs;
import io.jtune.engine.testing.StateFile;
import io.jtune.engine.testing.StopAt;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The toy problem of the PBT paper (Jaderberg et al. 2017, section 4.1) through the real engine:
 * maximise Q(theta) = 1.2 - (theta0^2 + theta1^2), while each worker only ascends the surrogate
 * Q(theta | h) = 1.2 - (h0 theta0^2 + h1 theta1^2), from theta = (0.9, 0.9). With fixed configs
 * h = (1, 0) and (0, 1) each worker shrinks one coordinate only, so Q stays below
 * 1.2 - 0.81 = 0.39; PBT copies theta from the better worker and explores h, so it can shrink both.
 */
@Timeout(120)
public class PbtToyProblemTest {
    private static final int ITERATIONS = 100;
    private static final double STEP_SIZE = 0.02;

    /** Gradient ascent on the surrogate; theta is the state a checkpoint holds. */
    public static final class ToyTrainable implements ClassTrainable {
        private double theta0 = 0.9;
        private double theta1 = 0.9;
        private double h0;
        private double h1;

        @Override
        public void setup(Config config) {
            h0 = config.getDouble("h0");
            h1 = config.getDouble("h1");
        }

        @Override
        public Map<String, ?> step() {
            theta0 -= STEP_SIZE * 2 * h0 * theta0;
            theta1 -= STEP_SIZE * 2 * h1 * theta1;
            return Map.of("Q", 1.2 - (theta0 * theta0 + theta1 * theta1));
        }

        @Override
        public boolean supportsCheckpoints() {
            return true;
        }

        @Override
        public void save(Path dir) throws Exception {
            StateFile.save(dir, theta0, theta1);
        }

        @Override
        public void restore(Path dir) throws Exception {
            double[] theta = StateFile.load(dir);
            theta0 = theta[0];
            theta1 = theta[1];
        }
    }

    /** Keeps each trial's latest Q. */
    static final class FinalQ implements Callback {
        final Map<String, Double> byTrial = new ConcurrentHashMap<>();

        @Override
        public void onTrialResult(TrialView trial, Result result) {
            byTrial.put(trial.id(), result.getDouble("Q"));
        }

        double best() {
            return byTrial.values().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        }
    }

    @TempDir
    Path storage;

    private static final List<Config> PAPER = List.of(Config.of(Map.of("h0", 1.0, "h1", 0.0)), Config.of(Map.of("h0", 0.0, "h1", 1.0)));
    private int runs;

    private String experimentName(long seed, TrialScheduler scheduler) {
        return "toy_" + seed + "_" + scheduler.getClass().getSimpleName() + "_" + runs;
    }

    /** Runs both workers side by side for 100 iterations; the best final Q. */
    private double bestFinalQ(TrialScheduler scheduler, List<Config> configs, long seed) {
        FinalQ finalQ = new FinalQ();
        runs++;
        Tuner.of("toy", ToyTrainable::new)
                .name(experimentName(seed, scheduler))
                .storagePath(storage)
                .metric("Q", Mode.MAX)
                .searcher(new ListSearcher(configs)).numSamples(-1)
                .scheduler(scheduler)
                .stop(StopAt.iteration(ITERATIONS))
                .machineResources(Runs.TWO_CPUS)
                .seed(seed)
                .progress(false)
                .outputFiles(false)
                .callbacks(finalQ)
                .fit();
        return finalQ.best();
    }

    private static PopulationBasedTraining pbt(boolean synch) {
        return PopulationBasedTraining.builder()
                .timeAttr(Result.TRAINING_ITERATION)
                .perturbationInterval(4)
                .mutate("h0", PbtMutation.domain(Space.uniform(0, 1)))
                .mutate("h1", PbtMutation.domain(Space.uniform(0, 1)))
                .synch(synch)
                .build();
    }

    /**
     * Synchronous PBT ranks the population once all of it reached the perturbation time, so its
     * decisions do not depend on which trial reports first, and the same seed repeats the run.
     * (Asynchronous PBT on two trials that run side by side depends on their relative speed: when
     * one finishes before the other first reports, nobody is ever ranked; its decisions are covered
     * with a scripted runner in {@link PopulationBasedTrainingTest}.)
     */
    @Test
    void synchronousPbtBeatsThePapersFixedConfigsOnEverySeed() throws Exception {
        double fixed = bestFinalQ(new FirstComeScheduler(), PAPER, 0);
        assertTrue(fixed < 0.40, "fixed h shrinks one coordinate only: " + fixed);
        for (long seed = 1; seed <= 5; seed++) {
            PopulationBasedTraining pbt = pbt(true);
            double q = bestFinalQ(pbt, PAPER, seed);
            assertTrue(q > fixed + 0.6, String.format(Locale.ROOT, "seed %d: PBT reached Q=%.3f after %d exploits, fixed configs %.3f", seed, q, pbt.numPerturbations(), fixed));
            Path global = storage.resolve(experimentName(seed, pbt)).resolve("pbt_global.txt");
            assertEquals(pbt.numPerturbations(), Files.readAllLines(global).size(), "one pbt_global.txt line per exploit");
            assertEquals(q, bestFinalQ(pbt(true), PAPER, seed), "the same seed repeats the run");
        }
    }
}
