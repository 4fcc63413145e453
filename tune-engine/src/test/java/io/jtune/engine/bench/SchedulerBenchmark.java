package io.jtune.engine.bench;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Stopper;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.checkpoint.CheckpointFolders;
import io.jtune.engine.schedule.AsyncHyperBandScheduler;
import io.jtune.engine.schedule.FifoScheduler;
import io.jtune.engine.schedule.HyperBandScheduler;
import io.jtune.engine.schedule.IterationTrainable;
import io.jtune.engine.schedule.MedianStoppingRule;
import io.jtune.engine.spec.DetectedMachine;
import io.jtune.engine.stop.Stoppers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * Compares the early-stopping schedulers on simulated learning curves (a benchmark, not a test).
 * Each trial's config draws its final value {@code v ~ U(0, 1)}; its curve over {@code x = t / 81}
 * reaches {@code v} at {@value #MAX_T} iterations, plus N(0, 0.01) noise:
 * <ul>
 *   <li><b>parallel</b>: {@code y = v (1 - e^(-4x)) / (1 - e^(-4))}, the same shape for every
 *       trial, so the ranking at any time is the final ranking (up to noise);</li>
 *   <li><b>crossing</b>: {@code y = v x^(0.5 + 1.5 v)}: the better a trial ends, the slower it
 *       starts, so early rankings are wrong.</li>
 * </ul>
 * FIFO, ASHA, HyperBand and median stopping (horizon {@value #MAX_T} iterations, Ray's defaults
 * otherwise; median stopping on {@code training_iteration} with a grace period of 10) run
 * <ol>
 *   <li>the same {@value #TRIALS} trials: best final value and iterations used;</li>
 *   <li>the same budget of {@value #TRIALS} x {@value #MAX_T} iterations (FIFO's): the pruners
 *       start new trials until the budget is spent.</li>
 * </ol>
 * {@value #CPUS} trials run at once (the machine is declared to have {@value #CPUS} CPUs, so
 * HyperBand's brackets fill before their first round ends); medians over {@code -Dseeds=N} seeds
 * (default 10). "Best final value" is the best last-reported value of any trial.
 *
 * <p>Anchor: on such curves Optuna 3.1's pruners used 0.12-0.39x the epochs of no pruning, but
 * lost to no pruning at equal budget when curves cross.
 *
 * <p>Run: {@code mvn -q -pl tune-engine -am test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.skip=true -Dexec.mainClass=io.jtune.engine.bench.SchedulerBenchmark [-Dseeds=N]}
 */
public final class SchedulerBenchmark {
    static final int MAX_T = 81;
    static final int TRIALS = 30;
    private static final int BUDGET = TRIALS * MAX_T;
    private static final double NOISE = 0.01;
    private static final int CPUS = 32;

    private SchedulerBenchmark() {
    }

    /** A simulated learning curve; its state (the iteration) is checkpointed so it can pause and resume. */
    public static final class Curve extends IterationTrainable {
        private double v;
        private boolean crossing;

        @Override
        public void setup(Config config) {
            v = config.getDouble("v");
            crossing = config.getBoolean("crossing");
        }

        @Override
        protected Map<String, ?> metricsAt(int t) {
            double x = (double) t / MAX_T;
            double y = crossing ? v * Math.pow(x, 0.5 + 1.5 * v) : v * (1 - Math.exp(-4 * x)) / (1 - Math.exp(-4));
            double noise = NOISE * new SplittableRandom(Double.doubleToLongBits(v) * 31 + t).nextGaussian();
            return Map.of("y", y + noise);
        }
    }

    /** Counts every result (one training iteration each) and ends the experiment at the budget. */
    static final class IterationBudget implements Stopper {
        private final int budget;
        int used;

        IterationBudget(int budget) {
            this.budget = budget;
        }

        @Override
        public boolean shouldStop(String trialId, Result result) {
            used++;
            return false;
        }

        @Override
        public boolean stopAll() {
            return used >= budget;
        }
    }

    /** The best last-reported value, the iterations run and the trials that ran at least one. */
    record Outcome(double bestFinal, int iterations, int trials) {
    }

    private static Map<String, Supplier<TrialScheduler>> schedulers() {
        Map<String, Supplier<TrialScheduler>> all = new LinkedHashMap<>();
        all.put("FIFO (no pruning)", FifoScheduler::new);
        all.put("ASHA", () -> AsyncHyperBandScheduler.builder().maxT(MAX_T).build());
        all.put("HyperBand", () -> HyperBandScheduler.builder().maxT(MAX_T).build());
        all.put("Median stopping", () -> MedianStoppingRule.builder().timeAttr(Result.TRAINING_ITERATION).gracePeriod(10).build());
        return all;
    }

    static Outcome run(TrialScheduler scheduler, boolean crossing, long seed, int samples, int budget) throws IOException {
        Path storage = Files.createTempDirectory("jtune-sched-bench");
        IterationBudget counter = new IterationBudget(budget);
        try {
            ResultGrid grid = Tuner.of("curve", Curve::new)
                    .name("bench")
                    .storagePath(storage)
                    .space(SearchSpace.builder().uniform("v", 0, 1).constant("crossing", crossing).build())
                    .metric("y", Mode.MAX)
                    .numSamples(samples)
                    .scheduler(scheduler)
                    .stop(Stoppers.maximumIteration(MAX_T))
                    .stop(counter)
                    .machineResources(DetectedMachine.resources().withCpu(CPUS))
                    .seed(seed)
                    .progress(false)
                    .outputFiles(false)
                    .fit();
            int trained = (int) grid.trials().stream().filter(t -> !t.history().isEmpty()).count();
            return new Outcome(grid.getBestResult().value(), counter.used, trained);
        } finally {
            CheckpointFolders.deleteRecursively(storage);
        }
    }

    public static void main(String[] args) throws IOException {
        int seeds = Integer.getInteger("seeds", 10);
        System.out.printf(Locale.ROOT, "Schedulers on simulated learning curves: horizon %d iterations, %d trials or a budget of %d iterations, median of %d seeds%n",
                MAX_T, TRIALS, BUDGET, seeds);
        for (boolean crossing : new boolean[] {false, true}) {
            System.out.printf(Locale.ROOT, "%n%s curves%n", crossing ? "Crossing" : "Parallel (non-crossing)");
            System.out.println("| scheduler | same 30 trials: best final | iterations (x FIFO) | same budget: best final | trials trained |");
            System.out.println("|---|---|---|---|---|");
            double fifoIterations = Double.NaN;
            for (Map.Entry<String, Supplier<TrialScheduler>> s : schedulers().entrySet()) {
                List<Outcome> sameTrials = new ArrayList<>();
                List<Outcome> sameBudget = new ArrayList<>();
                boolean fifo = s.getValue().get() instanceof FifoScheduler;
                for (long seed = 1; seed <= seeds; seed++) {
                    Outcome o = run(s.getValue().get(), crossing, seed, TRIALS, Integer.MAX_VALUE);
                    sameTrials.add(o);
                    sameBudget.add(fifo ? o : run(s.getValue().get(), crossing, seed, 100_000, BUDGET));
                }
                double iterations = median(sameTrials.stream().mapToDouble(Outcome::iterations).toArray());
                if (fifo) {
                    fifoIterations = iterations;
                }
                System.out.printf(Locale.ROOT, "| %s | %.3f | %.0f (%.2fx) | %.3f | %.0f |%n", s.getKey(),
                        median(sameTrials.stream().mapToDouble(Outcome::bestFinal).toArray()), iterations, iterations / fifoIterations,
                        median(sameBudget.stream().mapToDouble(Outcome::bestFinal).toArray()),
                        median(sameBudget.stream().mapToDouble(Outcome::trials).toArray()));
            }
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
