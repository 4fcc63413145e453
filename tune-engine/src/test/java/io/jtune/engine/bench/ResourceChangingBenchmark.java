package io.jtune.engine.bench;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.api.trainable.TrialContext;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.exec.ExecutorFactory;
import io.jtune.engine.schedule.AsyncHyperBandScheduler;
import io.jtune.engine.schedule.ResourceChangingScheduler;
import io.jtune.engine.search.bench.SearcherBenchmark;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * ASHA with and without the {@link ResourceChangingScheduler} (a benchmark, not a test):
 * {@value #TRIALS} trials on a machine declared to have {@value #CPUS} CPUs, one CPU each to start,
 * ASHA to {@value #MAX_T} iterations (grace 1, reduction factor 3), so most trials stop at the early
 * rungs. A trial's step is perfectly parallel work of {@value #STEP_MS} ms on one CPU: it takes
 * {@value #STEP_MS}/cpus ms on the CPUs its run was given ({@code TrialContext.current().resources()});
 * the work is a wait, so the figure measures the scheduling (who gets the freed CPUs), not this
 * machine's cores. Every run has the same seed; after one warm-up run of each, the two setups
 * alternate, {@code -Druns=N} times each (default 3), on threads. Prints the median wall time of each, their ratio, the CPUs in use
 * on average (sum of step time x CPUs over wall time) and the CPUs of the trial that ran longest at its end.
 *
 * <p>Run: {@code mvn -q -pl tune-engine -am test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.skip=true -Dexec.mainClass=io.jtune.engine.bench.ResourceChangingBenchmark [-Druns=3]}
 */
public final class ResourceChangingBenchmark {
    static final int TRIALS = 16;
    static final int CPUS = 8;
    static final int MAX_T = 27;
    static final int STEP_MS = 80;

    private ResourceChangingBenchmark() {
    }

    /** Climbs towards its {@code quality} as {@code quality * (1 - 1/(1 + iteration))}; the step waits {@value #STEP_MS}/cpus ms. */
    public static final class ParallelStep implements ClassTrainable {
        private double quality;
        private long iteration;

        @Override
        public void setup(Config config) {
            quality = config.getDouble("quality");
        }

        @Override
        public Map<String, ?> step() throws InterruptedException {
            double cpus = TrialContext.current().resources().cpu();
            TimeUnit.MICROSECONDS.sleep((long) (STEP_MS * 1000 / cpus));
            iteration++;
            return Map.of("score", quality * (1 - 1.0 / (1 + iteration)), "cpus", cpus);
        }

        @Override
        public boolean supportsCheckpoints() {
            return true;
        }

        @Override
        public void save(Path dir) throws Exception {
            Files.writeString(dir.resolve("iteration"), Long.toString(iteration));
        }

        @Override
        public void restore(Path dir) throws Exception {
            iteration = Long.parseLong(Files.readString(dir.resolve("iteration")));
        }
    }

    record Run(double wallSeconds, double cpusInUse, double lastTrialCpus) {
    }

    public static void main(String[] args) throws Exception {
        int runs = Integer.getInteger("runs", 3);
        Path storage = Files.createTempDirectory("jtune-rcs-bench");
        double[][] wall = new double[2][runs];
        double[][] inUse = new double[2][runs];
        double[][] lastCpus = new double[2][runs];
        run(false, storage.resolve("warm-up_0"));
        run(true, storage.resolve("warm-up_1"));
        for (int r = 0; r < runs; r++) {
            for (int mode = 0; mode < 2; mode++) {
                Run run = run(mode == 1, storage.resolve("run" + r + "_" + mode));
                wall[mode][r] = run.wallSeconds();
                inUse[mode][r] = run.cpusInUse();
                lastCpus[mode][r] = run.lastTrialCpus();
                System.out.printf(Locale.ROOT, "run %d %-16s %.2f s, %.2f CPUs in use on average, longest trial ends on %.0f CPUs%n",
                        r + 1, mode == 1 ? "resource-changing" : "fixed", run.wallSeconds(), run.cpusInUse(), run.lastTrialCpus());
            }
        }
        double fixed = SearcherBenchmark.median(wall[0]);
        double changing = SearcherBenchmark.median(wall[1]);
        System.out.printf(Locale.ROOT, "%d trials, %d CPUs, ASHA to %d, %d runs: median wall fixed %.2f s (%.2f CPUs in use), resource-changing %.2f s "
                        + "(%.2f CPUs in use, longest trial ends on %.0f CPUs); ratio %.2f%n",
                TRIALS, CPUS, MAX_T, runs, fixed, SearcherBenchmark.median(inUse[0]), changing, SearcherBenchmark.median(inUse[1]),
                SearcherBenchmark.median(lastCpus[1]), changing / fixed);
    }

    private static Run run(boolean changing, Path storage) {
        TrialScheduler asha = AsyncHyperBandScheduler.builder().timeAttr(Result.TRAINING_ITERATION).maxT(MAX_T).gracePeriod(1).reductionFactor(3).build();
        long start = System.nanoTime();
        ResultGrid grid = Tuner.of(ParallelStep.class).storagePath(storage).name("asha").progress(false).seed(7)
                .executor(ExecutorFactory.threads())
                .machineResources(new ResourceRequest(CPUS, 0, 1L << 30, Map.of()))
                .space(SearchSpace.builder().uniform("quality", 0, 1).build()).numSamples(TRIALS)
                .metric("score", Mode.MAX)
                .scheduler(changing ? new ResourceChangingScheduler(asha) : asha)
                .fit();
        double wall = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = 0;
        TrialOutcome longest = null;
        for (TrialOutcome t : grid.trials()) {
            for (Result r : t.history()) {
                cpuSeconds += r.getDouble(Result.TIME_THIS_ITER_S) * r.getDouble("cpus");
            }
            if (longest == null || t.history().size() > longest.history().size()) {
                longest = t;
            }
        }
        return new Run(wall, cpuSeconds / wall, longest.lastResult().getDouble("cpus"));
    }
}
