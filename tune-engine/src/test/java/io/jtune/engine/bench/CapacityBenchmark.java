package io.jtune.engine.bench;

import com.sun.management.OperatingSystemMXBean;
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
 * and of the rest of the process in that run; the runs are also printed in their order:
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
                run(concurrent, trials, on);
            }
            List<Run> measured = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                measured.add(run(concurrent, trials, on));
            }
            List<String> inOrder = measured.stream().map(r -> String.format(Locale.ROOT, "%,.0f", r.rate())).toList();
            measured.sort(Comparator.comparingDouble(Run::rate));
            Run median = measured.get(measured.size() / 2);
            System.out.printf(Locale.ROOT, "  JSON+CSV %-3s %,10.0f results/s  (median run: driver %.1f µs CPU a result, %.1f of it in the kernel, rest %.1f µs; runs in order: %s results/s)%n",
                    on ? "on" : "off", median.rate(), median.driverMicros(), median.driverKernelMicros(), median.restMicros(), inOrder);
        }
    }

    /** One run: results a second of wall time, and CPU microseconds a result on the driver thread (and of that in the kernel) and on all other threads. */
    private record Run(double rate, double driverMicros, double driverKernelMicros, double restMicros) {
    }

    /** One run, timed until the runner returns: the result files are written by then. */
    private static Run run(int concurrent, int trials, boolean files) throws IOException {
        Path storage = Files.createTempDirectory(STORAGE, "jtune-capacity");
        try {
            ExperimentSpec spec = Tuner.of(EngineBenchmark.NoOp.class).name("capacity").storagePath(storage).numSamples(trials)
                    .metric("score", Mode.MAX).scheduler(AsyncHyperBandScheduler.builder().maxT(100).gracePeriod(1).reductionFactor(3).build())
                    .stop(Stoppers.maximumIteration(100)).resources(ResourceRequest.cpus(1)).maxPendingTrials(concurrent)
                    .progress(false).outputFiles(files).seed(1).spec();
            SimulatedExecutor executor = new SimulatedExecutor(concurrent, 7);
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            long cpu = os.getProcessCpuTime();
            long driverCpu = threads.getCurrentThreadCpuTime();
            long driverUser = threads.getCurrentThreadUserTime();
            long start = System.nanoTime();
            List<Trial> done = new TrialRunner(spec, executor, new SplittableRandom(3)).run();
            double seconds = (System.nanoTime() - start) / 1e9;
            double driver = threads.getCurrentThreadCpuTime() - driverCpu;
            double user = threads.getCurrentThreadUserTime() - driverUser;
            double all = os.getProcessCpuTime() - cpu;
            if (done.size() != trials) {
                throw new IllegalStateException("expected " + trials + " trials, got " + done.size());
            }
            double results = executor.results();
            return new Run(results / seconds, driver / 1e3 / results, (driver - user) / 1e3 / results, (all - driver) / 1e3 / results);
        } finally {
            CheckpointFolders.deleteRecursively(storage);
        }
    }
}
