package io.jtune.engine.bench;

import com.sun.management.OperatingSystemMXBean;
import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.checkpoint.CheckpointFolders;
import io.jtune.engine.spec.DetectedMachine;
import io.jtune.engine.stop.Stoppers;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.RuntimeMXBean;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Measures the engine (a benchmark, not a test). Prints medians over {@code -Druns=N} runs (default 5;
 * 3 for the throughput workload); the overhead warm, after {@code -Dwarmup=N} untimed runs of the
 * same workload (default 5), and also as CPU time of the driver thread, which other load on the
 * machine disturbs less than wall time:
 * <ol>
 *   <li>per-trial overhead in µs of 10,000 trials x 1 step of a no-op trainable, output files on
 *       and off (anchor: Optuna 3.1's random sampler, about 210-260 µs a trial in memory);</li>
 *   <li>Ray Tune's single-node result-throughput release workload scaled to 20 s: 96 trials, each
 *       reporting 50 results a second (a step sleeps 20 ms) for 20 s, JSON and CSV on and off;
 *       printed as wall time / 20 s (anchor: Ray Tune 7.0x with logging, 1.1x without). All 96 run
 *       at once: each asks one CPU and the machine is declared to have 96.</li>
 *   <li>{@code cold}: a whole run of 5,000 trials (one uniform parameter, random search, one no-op
 *       step, output files off) as the first thing a fresh JVM does, timed from the JVM's start (JIT
 *       warm-up included), next to Optuna 3.1 doing the same in memory, timed from the launch of
 *       {@code /usr/bin/python3 tune-engine/src/test/python/overhead_optuna.py} (its import included);
 *       run it alone in its own JVM: {@code exec:exec ... -Dexec.args="-cp %classpath io.jtune.engine.bench.EngineBenchmark cold"}.</li>
 * </ol>
 * Run the first two in Maven's JVM: {@code mvn -q -pl tune-engine -am test-compile exec:java -Dexec.skip=true
 * -Dexec.classpathScope=test -Dexec.mainClass=io.jtune.engine.bench.EngineBenchmark [-Dexec.args=overhead|throughput]
 * [-Druns=N] [-Djtune.bench.storage=/dev/shm]} (every other module of the reactor skips exec through
 * {@code exec.skip}); only {@code cold} needs a JVM of its own, through {@code exec:exec} (above).
 */
public final class EngineBenchmark {
    private static final int OVERHEAD_TRIALS = 10_000;
    private static final int THROUGHPUT_TRIALS = 96;
    private static final int RESULTS_PER_SECOND = 50;
    private static final int TRIAL_SECONDS = 20;
    /** Where experiments are written: {@code -Djtune.bench.storage=/dev/shm} keeps a slow disk out of the figures. */
    private static final Path STORAGE = Path.of(System.getProperty("jtune.bench.storage", System.getProperty("java.io.tmpdir")));
    /** The storage folders of the runs so far, deleted at the end. */
    private static final List<Path> WRITTEN = new ArrayList<>();

    private EngineBenchmark() {
    }

    /** Does nothing, fast. */
    public static final class NoOp implements ClassTrainable {
        private static final Map<String, Object> METRICS = Map.of("score", 1.0);

        @Override
        public void setup(Config config) {
        }

        @Override
        public Map<String, ?> step() {
            return METRICS;
        }
    }

    /** Reports {@value #RESULTS_PER_SECOND} results a second: each step sleeps 20 ms. */
    public static final class Sleeper implements ClassTrainable {
        private long steps;

        @Override
        public void setup(Config config) {
        }

        @Override
        public Map<String, ?> step() throws InterruptedException {
            Thread.sleep(1000 / RESULTS_PER_SECOND);
            steps++;
            return Map.of("score", steps * 0.5, "steps", steps);
        }
    }

    public static void main(String[] args) throws IOException {
        String which = args.length == 0 ? "all" : args[0];
        if (which.equals("cold")) {
            cold();
            return;
        }
        System.out.println("experiments written under " + STORAGE);
        try {
            run(which);
        } finally {
            for (Path storage : WRITTEN) {
                CheckpointFolders.deleteRecursively(storage);
            }
        }
    }

    private static void run(String which) throws IOException {
        if (which.equals("all") || which.equals("overhead")) {
            int runs = Integer.getInteger("runs", 5);
            int warmup = Integer.getInteger("warmup", 5);
            System.out.printf(Locale.ROOT, "per-trial overhead, %,d trials x 1 step, median of %d runs after %d warm-up runs:%n", OVERHEAD_TRIALS, runs, warmup);
            for (boolean files : new boolean[] {false, true}) {
                for (int i = 0; i < warmup; i++) {
                    overhead(files); // the JIT's compilations of this path settle before it is timed
                }
                List<Double> wall = new ArrayList<>();
                List<Double> driver = new ArrayList<>();
                List<Double> process = new ArrayList<>();
                for (int i = 0; i < runs; i++) {
                    double[] micros = overhead(files);
                    wall.add(micros[0]);
                    driver.add(micros[1]);
                    process.add(micros[2]);
                }
                System.out.printf(Locale.ROOT, "  output files %-3s %8.1f µs/trial wall, %6.1f µs/trial driver-thread CPU, %6.1f µs/trial all threads' CPU  (wall runs: %s)%n",
                        files ? "on" : "off", median(wall), median(driver), median(process), format(wall, 2));
            }
        }
        if (which.equals("all") || which.equals("throughput")) {
            int runs = Integer.getInteger("runs", 3);
            System.out.printf(Locale.ROOT, "result throughput, %d trials x %d results/s x %d s, median of %d runs:%n",
                    THROUGHPUT_TRIALS, RESULTS_PER_SECOND, TRIAL_SECONDS, runs);
            for (boolean files : new boolean[] {true, false}) {
                List<Double> ratios = new ArrayList<>();
                for (int i = 0; i < runs; i++) {
                    ratios.add(throughput(files));
                }
                System.out.printf(Locale.ROOT, "  JSON+CSV %-3s %6.2fx the %d s minimum  (runs: %s)%n", files ? "on" : "off", median(ratios), TRIAL_SECONDS, format(ratios, 2));
            }
        }
    }

    private static final int COLD_TRIALS = 5_000;

    /**
     * A first, cold run of {@value #COLD_TRIALS} trials, then Optuna's in a child process, side by side:
     * each timed from its process's start (the JVM's start, read from {@link RuntimeMXBean#getStartTime()}
     * once the run is over; the Python child's launch) to the end of its run, so start-up, class loading,
     * the Tuner's set-up and the JIT's warm-up count as Optuna's interpreter start and import do. The run
     * is what a user's program does: no temporary folder, no management beans before it ends. A fresh
     * JVM is needed: run it through {@code exec:exec}, not {@code exec:java}.
     */
    private static void cold() throws IOException {
        long start = System.nanoTime();
        ResultGrid grid = Tuner.of(NoOp.class).name("cold").space(SearchSpace.builder().uniform("x", 0, 1).build()).numSamples(COLD_TRIALS)
                .stop(Stoppers.maximumIteration(1)).progress(false).outputFiles(false).seed(1).deterministic(false).fit();
        long end = System.currentTimeMillis();
        double tunerAndFit = (System.nanoTime() - start) / 1e9;
        if (grid.numTerminated() != COLD_TRIALS) {
            throw new IllegalStateException("expected " + COLD_TRIALS + " terminated trials, got " + grid);
        }
        double jtune = (end - ManagementFactory.getRuntimeMXBean().getStartTime()) / 1e3;
        long launch = System.nanoTime();
        Path script = Path.of("src/test/python/overhead_optuna.py"); // exec:exec runs in the module's folder
        if (!Files.exists(script)) {
            script = Path.of("tune-engine").resolve(script);
        }
        Process optuna = new ProcessBuilder("/usr/bin/python3", script.toString(), Integer.toString(COLD_TRIALS))
                .redirectErrorStream(true).start();
        String out = new String(optuna.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
        double optunaInScript;
        try {
            optuna.waitFor();
            optunaInScript = Double.parseDouble(out.lines().reduce((a, b) -> b).orElse("NaN"));
        } catch (NumberFormatException e) {
            throw new IllegalStateException("the Optuna script printed no time (apt-get install python3-optuna): " + out, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while Optuna ran", e);
        }
        double optunaSeconds = (System.nanoTime() - launch) / 1e9;
        System.out.printf(Locale.ROOT, "cold run of %,d trials: jtune %.3f s from the JVM's start (Tuner set-up and fit %.3f s), "
                        + "Optuna 3.1 %.3f s from the launch of python3 (import and run %.3f s): jtune / Optuna = %.3f%n",
                COLD_TRIALS, jtune, tunerAndFit, optunaSeconds, optunaInScript, jtune / optunaSeconds);
    }

    /**
     * Wall, driver-thread CPU and the whole process's CPU µs a trial. The process's CPU counts the
     * driver's work wherever it ran (a result handled inline runs on its trial's thread), the trial
     * threads' own work, the file writers, and the JIT and GC threads' work during the run.
     */
    private static double[] overhead(boolean files) throws IOException {
        double[] seconds = timedFit(OVERHEAD_TRIALS, storage -> Tuner.of(NoOp.class).name("overhead").storagePath(storage)
                .numSamples(OVERHEAD_TRIALS).stop(Stoppers.maximumIteration(1)).progress(false).outputFiles(files).seed(1).deterministic(false));
        return new double[] {seconds[0] * 1e6 / OVERHEAD_TRIALS, seconds[1] * 1e6 / OVERHEAD_TRIALS, seconds[2] * 1e6 / OVERHEAD_TRIALS};
    }

    private static double throughput(boolean files) throws IOException {
        double[] seconds = timedFit(THROUGHPUT_TRIALS, storage -> Tuner.of(Sleeper.class).name("throughput").storagePath(storage)
                .numSamples(THROUGHPUT_TRIALS).stop(Stoppers.maximumIteration(RESULTS_PER_SECOND * TRIAL_SECONDS))
                .resources(ResourceRequest.cpus(1)).machineResources(DetectedMachine.resources().withCpu(THROUGHPUT_TRIALS))
                .progress(false).outputFiles(files).seed(1).deterministic(false));
        return seconds[0] / TRIAL_SECONDS;
    }

    /**
     * Wall seconds, driver-thread and process CPU seconds {@code fit()} takes for the tuner made on a fresh
     * storage folder. The folders are deleted when the benchmark ends, not between runs: on an ext4
     * file system without a journal, creating a file skips every inode deleted in the last 5 to 10
     * seconds (the kernel's {@code recently_deleted} check), so deleting 40,000 files just before a
     * run made each file the run creates cost about as much as the whole trial.
     */
    private static double[] timedFit(int trials, Function<Path, Tuner> tuner) throws IOException {
        Path storage = Files.createTempDirectory(STORAGE, "jtune-bench");
        WRITTEN.add(storage);
        Tuner t = tuner.apply(storage);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long processStart = os.getProcessCpuTime();
        long cpuStart = threads.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        ResultGrid grid = t.fit();
        long nanos = System.nanoTime() - start;
        long cpuNanos = threads.getCurrentThreadCpuTime() - cpuStart;
        long processNanos = os.getProcessCpuTime() - processStart;
        if (grid.size() != trials || grid.numTerminated() != trials) {
            throw new IllegalStateException("expected " + trials + " terminated trials, got " + grid);
        }
        return new double[] {nanos / 1e9, cpuNanos / 1e9, processNanos / 1e9};
    }

    /** The median of the values. */
    static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** The values, comma-separated, with {@code decimals} decimals. */
    static String format(List<Double> values, int decimals) {
        StringBuilder s = new StringBuilder();
        for (double v : values) {
            s.append(s.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%." + decimals + "f", v));
        }
        return s.toString();
    }
}
