package io.jtune.engine.bench;

import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.checkpoint.CheckpointFolders;
import io.jtune.engine.stop.Stoppers;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * Measures the driver's heap as trials accumulate (a benchmark, not a test): {@code -Dtrials=N}
 * (default 100,000) no-op trials of 10 results each, random search, output files on and then off.
 * Every {@code N/10} completed trials it collects garbage and prints the heap in use; at the end the
 * growth per 1,000 trials (least squares over the samples after the first) and the time;
 * {@code -Dhistogram=true} prints the largest classes on the heap at the last sample; {@code -Dparams=true}
 * gives each trial three sampled hyperparameters (a log-uniform {@code lr}, a {@code units} integer, an
 * {@code optimizer} choice), so its config holds values as a real trial's does. Run it in
 * a small heap to show the run fits:
 * {@code mvn -q -pl tune-engine -am test-compile exec:exec -Dexec.skip=true -Dexec.classpathScope=test -Dexec.executable=java
 * "-Dexec.args=-Xmx256m -cp %classpath io.jtune.engine.bench.MemoryBenchmark" [-Djtune.bench.storage=/dev/shm]}.
 */
public final class MemoryBenchmark {
    private static final int RESULTS = 10;
    private static final Path STORAGE = Path.of(System.getProperty("jtune.bench.storage", System.getProperty("java.io.tmpdir")));

    private MemoryBenchmark() {
    }

    /** Samples the heap after a GC every {@code every} completed trials. */
    private static final class HeapSampler implements Callback {
        private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        private final int every;
        private final List<long[]> samples = new ArrayList<>();
        private int completed;

        HeapSampler(int every) {
            this.every = every;
        }

        @Override
        public void onTrialComplete(TrialView trial) {
            if (++completed % every == 0) {
                System.gc();
                long used = memory.getHeapMemoryUsage().getUsed();
                samples.add(new long[] {completed, used});
                System.out.printf(Locale.ROOT, "    %,7d trials: %6.1f MB heap after GC%n", completed, used / 1e6);
                if (Boolean.getBoolean("histogram") && completed == every * 10) {
                    System.out.println(histogram());
                }
            }
        }

        /** The 20 largest classes on the heap (HotSpot's GC.class_histogram). */
        private static String histogram() {
            try {
                Object text = ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"),
                        "gcClassHistogram", new Object[] {null}, new String[] {String[].class.getName()});
                return String.join("\n", text.toString().lines().limit(23).toList());
            } catch (JMException e) {
                return "no class histogram: " + e;
            }
        }

        /** MB per 1,000 trials, least squares over the samples after the first (the JIT and class loading settle). */
        double slopeMbPerThousand() {
            List<long[]> s = samples.subList(Math.min(1, samples.size()), samples.size());
            double n = s.size();
            double mx = s.stream().mapToDouble(p -> p[0]).sum() / n;
            double my = s.stream().mapToDouble(p -> p[1]).sum() / n;
            double sxy = 0;
            double sxx = 0;
            for (long[] p : s) {
                sxy += (p[0] - mx) * (p[1] - my);
                sxx += (p[0] - mx) * (p[0] - mx);
            }
            return sxy / sxx * 1000 / 1e6;
        }
    }

    public static void main(String[] args) throws IOException {
        int trials = Integer.getInteger("trials", 100_000);
        SearchSpace space = Boolean.getBoolean("params")
                ? SearchSpace.builder().loguniform("lr", 1e-5, 1e-1).randint("units", 16, 512).choice("optimizer", "adam", "sgd", "rmsprop").build()
                : SearchSpace.empty();
        System.out.printf(Locale.ROOT, "%,d no-op trials x %d results, %d hyperparameters, max heap %,d MB, experiments under %s%n",
                trials, RESULTS, space.domains().size(), Runtime.getRuntime().maxMemory() >> 20, STORAGE);
        for (boolean files : new boolean[] {true, false}) {
            Path storage = Files.createTempDirectory(STORAGE, "jtune-memory");
            try {
                System.out.println("  output files " + (files ? "on" : "off") + ":");
                HeapSampler sampler = new HeapSampler(trials / 10);
                long start = System.nanoTime();
                ResultGrid grid = Tuner.of(EngineBenchmark.NoOp.class).name("memory").space(space).storagePath(storage).numSamples(trials)
                        .stop(Stoppers.maximumIteration(RESULTS)).progress(false).outputFiles(files).callbacks(sampler).seed(1).deterministic(false).fit();
                double seconds = (System.nanoTime() - start) / 1e9;
                if (grid.numTerminated() != trials) {
                    throw new IllegalStateException("expected " + trials + " terminated trials, got " + grid);
                }
                System.out.printf(Locale.ROOT, "    growth %.3f MB per 1,000 trials; %.1f s, %.1f µs a trial%n",
                        sampler.slopeMbPerThousand(), seconds, seconds * 1e6 / trials);
            } finally {
                CheckpointFolders.deleteRecursively(storage);
            }
        }
    }
}
