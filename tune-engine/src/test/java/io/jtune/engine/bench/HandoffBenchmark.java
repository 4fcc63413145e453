package io.jtune.engine.bench;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.trainable.Trainable;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.checkpoint.CheckpointFolders;
import io.jtune.engine.exec.MachineResources;
import io.jtune.engine.stop.Stoppers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The handshake tax (a benchmark, not a test): how much longer than the theoretical minimum a
 * workload of sleeping steps takes through the Tuner, next to plain threads doing the same sleeps
 * in the same round. Workloads (issue 14):
 * <ol>
 *   <li>8 trials × 50 results/s (a step sleeps 20 ms) × {@code seconds}, JSON+CSV on, all 8 at once;</li>
 *   <li>the same at 500 results/s (a step sleeps 2 ms);</li>
 *   <li>{@code trials} trials × one 0.1 s result on 2 slots (output files off).</li>
 * </ol>
 * Each is printed as wall ÷ minimum for plain threads, for jtune waiting for the decision on each
 * result (the default) and, where trials report more than once, for jtune with
 * {@code Tuner.resultBuffer(N)} ({@code -DresultBuffer=N}, default 16); medians of {@code runs}
 * rounds, each round running them side by side, and each jtune median ÷ the plain-thread median.
 * Run: {@code mvn -q -pl tune-engine -am test-compile exec:java -Dexec.skip=true -Dexec.classpathScope=test
 * -Dexec.mainClass=io.jtune.engine.bench.HandoffBenchmark [-Druns=3] [-Dseconds=20] [-Dtrials=1000]
 * [-DresultBuffer=1] [-Djtune.bench.storage=/dev/shm]}.
 */
public final class HandoffBenchmark {
    private static final int RUNS = Integer.getInteger("runs", 3);
    private static final int SECONDS = Integer.getInteger("seconds", 20);
    private static final int SHORT_TRIALS = Integer.getInteger("trials", 1000);
    private static final int RESULT_BUFFER = Integer.getInteger("resultBuffer", 16);
    private static final int CONCURRENT = 8;
    private static final int SLOTS = 2;
    private static final long SHORT_TRIAL_MICROS = 100_000;
    private static final Path STORAGE = Path.of(System.getProperty("jtune.bench.storage", System.getProperty("java.io.tmpdir")));
    private static final List<Path> WRITTEN = new ArrayList<>();

    /** How long each step of {@link SleepingStep} sleeps; set before each run. */
    private static volatile long stepMicros;

    private HandoffBenchmark() {
    }

    /** Sleeps {@link #stepMicros} a step, like a trainable whose step takes that long. */
    public static final class SleepingStep implements Trainable {
        private long steps;

        @Override
        public void setup(Config config) {
        }

        @Override
        public Map<String, ?> step() throws InterruptedException {
            sleepMicros(stepMicros);
            steps++;
            return Map.of("score", steps * 0.5, "steps", steps);
        }
    }

    /** One workload: {@code trials} trials of {@code steps} steps of {@code micros}, {@code slots} at a time. */
    private record Workload(String name, int trials, int steps, long micros, int slots, boolean files) {
        double minimumSeconds() {
            return (double) trials / slots * steps * micros / 1e6;
        }
    }

    public static void main(String[] args) throws Exception {
        List<Workload> workloads = List.of(
                new Workload(CONCURRENT + " trials x 50 results/s x " + SECONDS + " s, JSON+CSV on", CONCURRENT, 50 * SECONDS, 20_000, CONCURRENT, true),
                new Workload(CONCURRENT + " trials x 500 results/s x " + SECONDS + " s, JSON+CSV on", CONCURRENT, 500 * SECONDS, 2_000, CONCURRENT, true),
                new Workload(SHORT_TRIALS + " trials x one 0.1 s result, " + SLOTS + " slots", SHORT_TRIALS, 1, SHORT_TRIAL_MICROS, SLOTS, false));
        System.out.printf(Locale.ROOT, "handshake tax, wall ÷ minimum, medians of %d rounds, experiments under %s%n", RUNS, STORAGE);
        try {
            for (Workload w : workloads) {
                List<Double> plain = new ArrayList<>();
                List<Double> jtune = new ArrayList<>();
                List<Double> buffered = new ArrayList<>();
                for (int i = 0; i < RUNS; i++) {
                    plain.add(plainThreads(w) / w.minimumSeconds());
                    jtune.add(jtune(w, 1) / w.minimumSeconds());
                    if (w.steps() > 1) {
                        buffered.add(jtune(w, RESULT_BUFFER) / w.minimumSeconds());
                    }
                }
                double p = EngineBenchmark.median(plain);
                double j = EngineBenchmark.median(jtune);
                System.out.printf(Locale.ROOT, "  %-48s minimum %5.1f s  plain threads %.4fx  jtune %.4fx (÷ plain %.4f)", w.name(), w.minimumSeconds(), p, j, j / p);
                if (!buffered.isEmpty()) {
                    double b = EngineBenchmark.median(buffered);
                    System.out.printf(Locale.ROOT, "  jtune resultBuffer(%d) %.4fx (÷ plain %.4f)", RESULT_BUFFER, b, b / p);
                }
                System.out.printf(Locale.ROOT, "%n      runs: plain %s; jtune %s; buffered %s%n", EngineBenchmark.format(plain, 4), EngineBenchmark.format(jtune, 4), EngineBenchmark.format(buffered, 4));
            }
        } finally {
            for (Path storage : WRITTEN) {
                CheckpointFolders.deleteRecursively(storage);
            }
        }
    }

    /** Wall seconds of the workload through the Tuner. */
    private static double jtune(Workload w, int resultBuffer) throws IOException {
        Path storage = Files.createTempDirectory(STORAGE, "jtune-handoff");
        WRITTEN.add(storage);
        stepMicros = w.micros();
        Tuner tuner = Tuner.of(SleepingStep.class).name("handoff").storagePath(storage).numSamples(w.trials())
                .stop(Stoppers.maximumIteration(w.steps())).resources(ResourceRequest.cpus(1))
                .machineResources(MachineResources.detect().withCpu(w.slots())).resultBuffer(resultBuffer)
                .progress(false).outputFiles(w.files()).seed(1);
        long start = System.nanoTime();
        ResultGrid grid = tuner.fit();
        double seconds = (System.nanoTime() - start) / 1e9;
        if (grid.numTerminated() != w.trials()) {
            throw new IllegalStateException("expected " + w.trials() + " terminated trials, got " + grid);
        }
        return seconds;
    }

    /** Wall seconds of the same sleeps on a pool of {@code slots} plain threads, one task a trial. */
    private static double plainThreads(Workload w) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(w.slots());
        long start = System.nanoTime();
        for (int t = 0; t < w.trials(); t++) {
            pool.execute(() -> {
                try {
                    for (int s = 0; s < w.steps(); s++) {
                        sleepMicros(w.micros());
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        pool.shutdown();
        if (!pool.awaitTermination(1, TimeUnit.HOURS)) {
            throw new IllegalStateException("plain threads did not finish");
        }
        return (System.nanoTime() - start) / 1e9;
    }

    private static void sleepMicros(long micros) throws InterruptedException {
        Thread.sleep(micros / 1000, (int) (micros % 1000) * 1000);
    }
}
