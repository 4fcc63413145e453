package io.jtune.engine.bench;

import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.engine.ExperimentSpec;
import io.jtune.engine.Tuner;
import io.jtune.engine.checkpoint.CheckpointFolders;
import io.jtune.engine.runner.Trial;
import io.jtune.engine.runner.TrialRunner;
import io.jtune.engine.schedule.AsyncHyperBandScheduler;
import io.jtune.engine.stop.Stoppers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * How many results a second one driver sustains (a benchmark, not a test): a {@link SimulatedExecutor}
 * runs {@code -Dconcurrent=N} trials at once (default 10,000) in virtual time, no sleeps, so the
 * driver is the only work; {@code -Dtrials=N} trials in all (default 30,000), ASHA (max 100
 * iterations, grace 1, reduction 3) on a random search, JSON and CSV on (then off). Prints results a
 * second of wall time, median of {@code -Druns=N} (default 3) after one warm-up run:
 * {@code mvn -q -pl tune-engine -am test-compile exec:java -Dexec.skip=true -Dexec.classpathScope=test
 * -Dexec.mainClass=io.jtune.engine.bench.CapacityBenchmark [-Djtune.bench.storage=/dev/shm]}.
 */
public final class CapacityBenchmark {
    private static final Path STORAGE = Path.of(System.getProperty("jtune.bench.storage", System.getProperty("java.io.tmpdir")));

    private CapacityBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        int concurrent = Integer.getInteger("concurrent", 10_000);
        int trials = Integer.getInteger("trials", 30_000);
        int runs = Integer.getInteger("runs", 3);
        System.out.printf(Locale.ROOT, "%,d trials, %,d running at once, ASHA, simulated executor; experiments under %s%n", trials, concurrent, STORAGE);
        run(concurrent, trials, true);
        for (boolean files : new boolean[] {true, false}) {
            List<Double> rates = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                rates.add(run(concurrent, trials, files));
            }
            rates.sort(null);
            System.out.printf(Locale.ROOT, "  JSON+CSV %-3s %,10.0f results/s (runs: %s)%n", files ? "on" : "off", rates.get(rates.size() / 2), rates);
        }
    }

    /** Results a second of one run. */
    private static double run(int concurrent, int trials, boolean files) throws IOException {
        Path storage = Files.createTempDirectory(STORAGE, "jtune-capacity");
        try {
            ExperimentSpec spec = Tuner.of(EngineBenchmark.NoOp.class).name("capacity").storagePath(storage).numSamples(trials)
                    .metric("score", Mode.MAX).scheduler(AsyncHyperBandScheduler.builder().maxT(100).gracePeriod(1).reductionFactor(3).build())
                    .stop(Stoppers.maximumIteration(100)).resources(ResourceRequest.cpus(1)).maxPendingTrials(concurrent)
                    .progress(false).outputFiles(files).seed(1).spec();
            SimulatedExecutor executor = new SimulatedExecutor(concurrent, 7);
            long start = System.nanoTime();
            List<Trial> done = new TrialRunner(spec, executor, new SplittableRandom(3)).run();
            double seconds = (System.nanoTime() - start) / 1e9;
            if (done.size() != trials) {
                throw new IllegalStateException("expected " + trials + " trials, got " + done.size());
            }
            return executor.results() / seconds;
        } finally {
            CheckpointFolders.deleteRecursively(storage);
        }
    }
}
