package io.jtune.engine.bench;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.checkpoint.CheckpointFolders;
import io.jtune.engine.spec.DetectedMachine;
import io.jtune.engine.stop.Stoppers;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The fixed cost of a {@code fit()} in a fresh JVM (a benchmark, not a test): what jtune adds to a run
 * that does not grow with the run's length. 8 trials at once × 50 and × 500 results/s (a step sleeps
 * 20 ms or 2 ms), JSON+CSV on, each run once {@code short} and once {@code long} seconds long; a
 * run's wall time is split into a slope and a fixed part by the line through its two lengths. The
 * floor is plain threads doing the same sleeps (a pool of 8, one task a trial). Every run is a JVM
 * of its own, launched from this one with the same class path and the same JVM options
 * ({@code -Djvm.args=...}, e.g. an AppCDS archive); jtune's and the floor's runs alternate.
 *
 * <p>Each child prints, timed inside it: the wall time of the work ({@code Tuner.of(...)} to
 * {@code fit()} returning, or the pool's start to its end), the time from there to the first step
 * and from the last step to the end; the parent adds the process's wall time (launch to exit).
 * Printed: per rate, the median over {@code runs} rounds of each side's fixed part and of jtune's
 * fixed part minus the floor's, the same for the process's wall time, and the medians of the
 * time to the first step and after the last. With {@code -Dbaseline.cp=<class path>} (another build
 * of jtune and this benchmark, e.g. an earlier commit's {@code target/classes}), its jtune runs
 * alternate with the others and are printed beside them: a before-and-after in the same invocation.
 * Run (each child JVM gets this one's class path, so the parent runs in a JVM of its own, not in Maven's):
 * {@code mvn -q -pl tune-engine -am test-compile exec:exec -Dexec.skip=true -Dexec.classpathScope=test -Dexec.executable=java
 * "-Dexec.args=[-Druns=5] [-Dshort=5] [-Dlong=20] [-Djvm.args=...] [-Dbaseline.cp=...] [-Djtune.bench.storage=/dev/shm]
 * -cp %classpath io.jtune.engine.bench.FixedCostBenchmark"}.
 */
public final class FixedCostBenchmark {
    private static final int RUNS = Integer.getInteger("runs", 5);
    private static final int SHORT = Integer.getInteger("short", 5);
    private static final int LONG = Integer.getInteger("long", 20);
    private static final int TRIALS = 8;
    private static final int[] RATES = {50, 500};
    private static final String BASELINE = System.getProperty("baseline.cp", "");
    private static final Path STORAGE = Path.of(System.getProperty("jtune.bench.storage", System.getProperty("java.io.tmpdir")));

    /** The step's length and the number of steps a trial takes, from the child's system properties. */
    private static final long STEP_MICROS = Long.getLong("fixed.stepMicros", 20_000);
    private static final int STEPS = Integer.getInteger("fixed.steps", 1);
    /** The earliest first step and the latest last step of the child's run (System.nanoTime). */
    private static final AtomicLong FIRST_STEP = new AtomicLong(Long.MAX_VALUE);
    private static final AtomicLong LAST_STEP = new AtomicLong(Long.MIN_VALUE);

    private FixedCostBenchmark() {
    }

    /** Sleeps {@link #STEP_MICROS} a step, keeping the run's first step's start and last step's end. */
    public static final class SleepingStep implements ClassTrainable {
        private long steps;

        @Override
        public void setup(Config config) {
        }

        @Override
        public Map<String, ?> step() throws InterruptedException {
            sleepStep();
            steps++;
            return Map.of("score", steps * 0.5, "steps", steps);
        }
    }

    private static void sleepStep() throws InterruptedException {
        long start = System.nanoTime();
        FIRST_STEP.accumulateAndGet(start, Math::min);
        Thread.sleep(STEP_MICROS / 1000, (int) (STEP_MICROS % 1000) * 1000);
        LAST_STEP.accumulateAndGet(System.nanoTime(), Math::max);
    }

    /** One child's figures, milliseconds: the work's wall time, to the first step, after the last, and the process's wall time. */
    private record Run(double wall, double toFirst, double afterLast, double process) {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 2) {
            child(args[0], Path.of(args[1]));
            return;
        }
        System.out.printf(Locale.ROOT, "fixed cost of a fit() in a fresh JVM: %d trials, runs of %d and %d s, medians of %d rounds, experiments under %s, JVM options '%s'%n",
                TRIALS, SHORT, LONG, RUNS, STORAGE, System.getProperty("jvm.args", ""));
        for (int rate : RATES) {
            List<Double> jtuneFixed = new ArrayList<>();
            List<Double> plainFixed = new ArrayList<>();
            List<Double> added = new ArrayList<>();
            List<Double> addedProcess = new ArrayList<>();
            List<Double> toFirst = new ArrayList<>();
            List<Double> afterLast = new ArrayList<>();
            List<Double> plainToFirst = new ArrayList<>();
            List<Double> plainAfterLast = new ArrayList<>();
            List<Double> baselineAdded = new ArrayList<>();
            List<Double> baselineToFirst = new ArrayList<>();
            List<Double> baselineAfterLast = new ArrayList<>();
            String classPath = System.getProperty("java.class.path");
            for (int round = 0; round < RUNS; round++) {
                Run jShort = launch("jtune", rate, SHORT, classPath);
                Run pShort = launch("plain", rate, SHORT, classPath);
                Run bShort = BASELINE.isEmpty() ? null : launch("jtune", rate, SHORT, BASELINE);
                Run jLong = launch("jtune", rate, LONG, classPath);
                Run pLong = launch("plain", rate, LONG, classPath);
                Run bLong = BASELINE.isEmpty() ? null : launch("jtune", rate, LONG, BASELINE);
                double j = fixed(jShort.wall(), jLong.wall());
                double p = fixed(pShort.wall(), pLong.wall());
                jtuneFixed.add(j);
                plainFixed.add(p);
                added.add(j - p);
                addedProcess.add(fixed(jShort.process(), jLong.process()) - fixed(pShort.process(), pLong.process()));
                for (Run r : List.of(jShort, jLong)) {
                    toFirst.add(r.toFirst());
                    afterLast.add(r.afterLast());
                }
                for (Run r : List.of(pShort, pLong)) {
                    plainToFirst.add(r.toFirst());
                    plainAfterLast.add(r.afterLast());
                }
                if (bShort != null) {
                    baselineAdded.add(fixed(bShort.wall(), bLong.wall()) - p);
                    for (Run r : List.of(bShort, bLong)) {
                        baselineToFirst.add(r.toFirst());
                        baselineAfterLast.add(r.afterLast());
                    }
                }
            }
            System.out.printf(Locale.ROOT, "  %d results/s: fixed part jtune %.3f s, plain threads %.3f s; jtune adds %.3f s (runs %s); process wall adds %.3f s (runs %s)%n",
                    rate, EngineBenchmark.median(jtuneFixed) / 1e3, EngineBenchmark.median(plainFixed) / 1e3, EngineBenchmark.median(added) / 1e3,
                    EngineBenchmark.format(seconds(added), 3), EngineBenchmark.median(addedProcess) / 1e3, EngineBenchmark.format(seconds(addedProcess), 3));
            System.out.printf(Locale.ROOT, "      to the first step: jtune %.1f ms, plain %.1f ms; after the last step: jtune %.1f ms, plain %.1f ms%n",
                    EngineBenchmark.median(toFirst), EngineBenchmark.median(plainToFirst), EngineBenchmark.median(afterLast), EngineBenchmark.median(plainAfterLast));
            if (!baselineAdded.isEmpty()) {
                System.out.printf(Locale.ROOT, "      baseline class path: adds %.3f s (runs %s); to the first step %.1f ms, after the last step %.1f ms%n",
                        EngineBenchmark.median(baselineAdded) / 1e3, EngineBenchmark.format(seconds(baselineAdded), 3),
                        EngineBenchmark.median(baselineToFirst), EngineBenchmark.median(baselineAfterLast));
            }
        }
    }

    private static List<Double> seconds(List<Double> millis) {
        return millis.stream().map(m -> m / 1e3).toList();
    }

    /** The wall time a run of length 0 would take, on the line through the short and the long run. */
    private static double fixed(double shortWall, double longWall) {
        double slope = (longWall - shortWall) / (LONG - SHORT);
        return shortWall - slope * SHORT;
    }

    private static Run launch(String side, int rate, int seconds, String classPath) throws IOException, InterruptedException {
        long stepMicros = 1_000_000L / rate;
        Path storage = Files.createTempDirectory(STORAGE, "jtune-fixed");
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        String jvmArgs = System.getProperty("jvm.args", "").trim();
        if (!jvmArgs.isEmpty()) {
            command.addAll(List.of(jvmArgs.split("\\s+")));
        }
        command.addAll(List.of("-cp", classPath, "-Dfixed.stepMicros=" + stepMicros,
                "-Dfixed.steps=" + (long) rate * seconds, FixedCostBenchmark.class.getName(), side, storage.toString()));
        try {
            long start = System.nanoTime();
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String last = null;
            StringBuilder output = new StringBuilder();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    output.append(line).append('\n');
                    last = line;
                }
            }
            int exit = process.waitFor();
            double processMillis = (System.nanoTime() - start) / 1e6;
            if (exit != 0 || last == null || !last.startsWith("fixed ")) {
                throw new IllegalStateException("the " + side + " child exited with " + exit + ":\n" + output);
            }
            String[] f = last.split(" ");
            return new Run(Double.parseDouble(f[1]), Double.parseDouble(f[2]), Double.parseDouble(f[3]), processMillis);
        } finally {
            CheckpointFolders.deleteRecursively(storage);
        }
    }

    /** In the child JVM: runs {@code side} once and prints {@code fixed <wall> <to first step> <after last step>} in milliseconds. */
    private static void child(String side, Path storage) throws Exception {
        long start = System.nanoTime();
        if (side.equals("jtune")) {
            ResultGrid grid = Tuner.of(SleepingStep.class).name("fixed").storagePath(storage).numSamples(TRIALS)
                    .stop(Stoppers.maximumIteration(STEPS)).resources(ResourceRequest.cpus(1))
                    .machineResources(DetectedMachine.resources().withCpu(TRIALS)).seed(1).deterministic(false).fit();
            if (grid.numTerminated() != TRIALS) {
                throw new IllegalStateException("expected " + TRIALS + " terminated trials, got " + grid);
            }
        } else {
            PlainThreads.run(TRIALS, TRIALS, () -> {
                for (int s = 0; s < STEPS; s++) {
                    sleepStep();
                }
            });
        }
        long end = System.nanoTime();
        System.out.printf(Locale.ROOT, "fixed %.3f %.3f %.3f%n", (end - start) / 1e6, (FIRST_STEP.get() - start) / 1e6, (end - LAST_STEP.get()) / 1e6);
    }
}
