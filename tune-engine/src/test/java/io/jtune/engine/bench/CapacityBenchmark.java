package io.jtune.engine.bench;

import com.sun.management.OperatingSystemMXBean;
import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.engine.Tuner;
import io.jtune.engine.checkpoint.CheckpointFolders;
import io.jtune.engine.runner.TrialRunner;
import io.jtune.engine.schedule.AsyncHyperBandScheduler;
import io.jtune.engine.spec.ExperimentSpec;
import io.jtune.engine.stop.Stoppers;
import io.jtune.engine.trial.Trial;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * How many results a second one driver sustains (a benchmark, not a test): a {@link SimulatedExecutor}
 * runs {@code -Dconcurrent=N} trials at once (default 10,000) in virtual time, no sleeps, so the
 * driver is the only work; {@code -Dtrials=N} trials in all (default 30,000), ASHA (max 100
 * iterations, grace 1, reduction 3) on a random search, JSON and CSV on (then off; {@code -Dfiles=on}
 * or {@code off} for one of them). Prints results a second of wall time until the runner returns
 * (so the result files are written), median of {@code -Druns=N} (default 3) after {@code -Dwarmup=N}
 * warm-up runs of the same kind (default 5: a run takes about half a second, and after one the JIT
 * compiler still takes a core's share of the run), with the CPU time a result of the driver thread
 * and of the rest of the process in that run (of it, the JIT compilers' threads and the collector's, where Linux's
 * {@code /proc} tells); the runs are also printed in their order. With files on, each run's folders and files are
 * then written again by a plain loop on one thread ({@link PlainFiles}, the same names and bytes), so the file
 * system's share of the work is measured beside the run:
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
        int warmup = Integer.getInteger("warmup", 5);
        String files = System.getProperty("files", "both");
        System.out.printf(Locale.ROOT, "%,d trials, %,d running at once, ASHA, simulated executor; experiments under %s%n", trials, concurrent, STORAGE);
        System.out.printf(Locale.ROOT, "  CPU a result: the driver thread's, and the rest of the process's (file writers, GC, JIT)%n");
        for (boolean on : new boolean[] {true, false}) {
            if (!files.equals("both") && on != files.equals("on")) {
                continue;
            }
            for (int i = 0; i < warmup; i++) {
                run(STORAGE, concurrent, trials, on, false);
            }
            List<Run> measured = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                measured.add(run(STORAGE, concurrent, trials, on, on));
            }
            List<String> inOrder = measured.stream().map(r -> String.format(Locale.ROOT, "%,.0f", r.rate())).toList();
            measured.sort(Comparator.comparingDouble(Run::rate));
            Run median = measured.get(measured.size() / 2);
            System.out.printf(Locale.ROOT, "  JSON+CSV %-3s %,10.0f results/s  (median run: driver %.1f µs CPU a result, %.1f of it in the kernel, rest %.1f µs"
                    + " [JIT %.1f, collector %.1f]; runs in order: %s results/s)%n",
                    on ? "on" : "off", median.rate(), median.driverMicros(), median.driverKernelMicros(), median.restMicros(),
                    median.jitMicros(), median.collectorMicros(), inOrder);
            if (on) {
                List<Double> ratios = measured.stream().map(r -> r.seconds() / r.plain().seconds()).sorted().toList();
                System.out.printf(Locale.ROOT, "  the same folders and files by a plain loop on one thread: %.1f µs CPU a trial (the median jtune run's process: %.1f),"
                        + " %.3f s a run (median); a run of jtune ÷ the plain loop, median of the runs: %.2f (%s)%n",
                        median.plain().cpuMicrosPerTrial(), (median.driverMicros() + median.restMicros()) * median.resultsPerTrial(),
                        median.plain().seconds(), ratios.get(ratios.size() / 2),
                        ratios.stream().map(r -> String.format(Locale.ROOT, "%.2f", r)).toList());
            }
        }
    }

    /** Results a second of one run, and the CPU microseconds a result of the driver thread and of the rest of the process. */
    public record Capacity(double resultsPerSecond, double driverMicros, double restMicros) {
    }

    /**
     * One run as {@link #main} measures it (ASHA, {@code trials} trials, {@code concurrent} at once, result files on or off under
     * {@code storage}), for a benchmark that sets another driver path beside it in the same process.
     */
    public static Capacity measure(Path storage, int concurrent, int trials, boolean files) throws IOException {
        Run run = run(storage, concurrent, trials, files, false);
        return new Capacity(run.rate(), run.driverMicros(), run.restMicros());
    }

    /**
     * One run: its wall time, results a second of it and a trial, CPU microseconds a result on the driver thread (and
     * of that in the kernel), on all other threads, and of those on the JIT compilers' and the collector's; {@code plain}
     * the same files written by a plain loop, or null.
     */
    private record Run(double seconds, double rate, double resultsPerTrial, double driverMicros, double driverKernelMicros, double restMicros, double jitMicros,
            double collectorMicros, PlainFiles.Timing plain) {
    }

    /**
     * One run, timed until the runner returns: the result files are written by then; with {@code plain}, its output
     * is then written again by {@link PlainFiles}.
     */
    private static Run run(Path root, int concurrent, int trials, boolean files, boolean plain) throws IOException {
        Path storage = Files.createTempDirectory(root, "jtune-capacity");
        try {
            ExperimentSpec spec = Tuner.of(EngineBenchmark.NoOp.class).name("capacity").storagePath(storage).numSamples(trials)
                    .metric("score", Mode.MAX).scheduler(AsyncHyperBandScheduler.builder().maxT(100).gracePeriod(1).reductionFactor(3).build())
                    .stop(Stoppers.maximumIteration(100)).resources(ResourceRequest.cpus(1)).maxPendingTrials(concurrent)
                    .progress(false).outputFiles(files).seed(1).deterministic(false).spec();
            SimulatedExecutor executor = new SimulatedExecutor(concurrent, 7);
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            long cpu = os.getProcessCpuTime();
            JvmThreadCpu jvm = JvmThreadCpu.now();
            long driverCpu = threads.getCurrentThreadCpuTime();
            long driverUser = threads.getCurrentThreadUserTime();
            long start = System.nanoTime();
            List<Trial> done = new TrialRunner(spec, executor, new SplittableRandom(3)).run();
            double seconds = (System.nanoTime() - start) / 1e9;
            double driver = threads.getCurrentThreadCpuTime() - driverCpu;
            double user = threads.getCurrentThreadUserTime() - driverUser;
            double all = os.getProcessCpuTime() - cpu;
            JvmThreadCpu jvmSpent = JvmThreadCpu.now().since(jvm);
            if (done.size() != trials) {
                throw new IllegalStateException("expected " + trials + " trials, got " + done.size());
            }
            double results = executor.results();
            return new Run(seconds, results / seconds, results / trials, driver / 1e3 / results, (driver - user) / 1e3 / results, (all - driver) / 1e3 / results,
                    jvmSpent.jitNanos() / 1e3 / results, jvmSpent.collectorNanos() / 1e3 / results, plain ? PlainFiles.rewrite(storage) : null);
        } finally {
            CheckpointFolders.deleteRecursively(storage);
        }
    }
}
