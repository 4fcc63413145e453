package io.jtune.engine.bench;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.checkpoint.CheckpointFolders;
import io.jtune.engine.spec.DetectedMachine;
import io.jtune.engine.stop.Stoppers;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;

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
 *
 * <p>One short round of each workload (about 1 s) warms the JVM up first: class loading and the
 * JIT's first compilations are {@code EngineBenchmark cold}'s subject, not this one's. Each figure
 * comes with where the time went in that round (medians over the rounds), from
 * timestamps taken inside the step: for the trial that finished last, the time from the start
 * ({@code fit()} or the pool) to its first step, its sleeps, how far its sleeps overshot, the gaps
 * between its steps (the hand-off: the end of one step to the start of the next), and the time from
 * its last step until {@code fit()} returned (or the pool ended); these add up to the wall time.
 * Also the median and 99th percentile of all gaps, garbage-collection time and, for jtune, the CPU
 * time of the driver thread. For the one-result workload: the time to the first step, the mean gap
 * a slot sits idle between one trial's step and the next trial's, and the time after the last step.
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
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** How long each step of {@link SleepingStep} sleeps, and how many steps a trial takes; set before each run. */
    private static volatile long stepMicros;
    private static volatile int stepsPerTrial;
    /** The timelines of the trials of the current run. */
    private static final Queue<Timeline> TIMELINES = new ConcurrentLinkedQueue<>();

    private HandoffBenchmark() {
    }

    /** Sleeps {@link #stepMicros} a step, like a trainable whose step takes that long, and keeps when each step began and ended. */
    public static final class SleepingStep implements ClassTrainable {
        private long steps;
        private Timeline timeline;

        @Override
        public void setup(Config config) {
            timeline = Timeline.add(stepsPerTrial);
        }

        @Override
        public Map<String, ?> step() throws InterruptedException {
            timeline.step();
            steps++;
            return Map.of("score", steps * 0.5, "steps", steps);
        }
    }

    /** When each step of one trial began and ended (System.nanoTime). */
    private static final class Timeline {
        final long[] starts;
        final long[] ends;
        int steps;

        private Timeline(int steps) {
            starts = new long[steps];
            ends = new long[steps];
        }

        /** A timeline for {@code steps} steps and the few a result buffer may run on after a stop. */
        static Timeline add(int steps) {
            Timeline t = new Timeline(steps + RESULT_BUFFER + 1);
            TIMELINES.add(t);
            return t;
        }

        void step() throws InterruptedException {
            long start = System.nanoTime();
            sleepMicros(stepMicros);
            starts[steps] = start;
            ends[steps++] = System.nanoTime();
        }

        long first() {
            return starts[0];
        }

        long last() {
            return ends[steps - 1];
        }
    }

    /**
     * Where one run's wall time went (milliseconds unless named): for the trial that finished last,
     * start + sleeps + overshoot + gaps + end = wall; the gaps' median and 99th percentile over all
     * trials (µs); GC time; the driver thread's CPU time (0 for plain threads); the time to the first
     * trial's first step; and, over all trials, the mean idle time of a slot between one trial's last
     * step and the next trial's first (µs).
     */
    private record Breakdown(double wall, double start, double sleeps, double overshoot, double gaps, double end,
                             double gapMedianMicros, double gapP99Micros, double gc, double driverCpu, double firstStart, double idleBetweenTrialsMicros) {

        static Breakdown of(Workload w, long t0, long t1, long gcMillis, long driverCpuNanos) {
            List<Timeline> trials = new ArrayList<>(TIMELINES);
            if (trials.size() != w.trials() || trials.stream().anyMatch(t -> t.steps < w.steps())) {
                throw new IllegalStateException("expected " + w.trials() + " trials of " + w.steps() + " steps");
            }
            Timeline last = trials.stream().max(Comparator.comparingLong(Timeline::last)).orElseThrow();
            double sleeps = last.steps * w.micros() / 1e3; // with a result buffer, the steps run on after the stop count too
            double busy = 0;
            for (int i = 0; i < last.steps; i++) {
                busy += (last.ends[i] - last.starts[i]) / 1e6;
            }
            double gaps = 0;
            for (int i = 1; i < last.steps; i++) {
                gaps += (last.starts[i] - last.ends[i - 1]) / 1e6;
            }
            long[] all = trials.stream().flatMapToLong(t -> IntStream.range(1, t.steps).mapToLong(i -> t.starts[i] - t.ends[i - 1])).sorted().toArray();
            double allBusy = trials.stream().mapToDouble(t -> (t.last() - t.first()) / 1e3).sum();
            double idle = ((t1 - t0) / 1e3 * w.slots() - allBusy) / w.trials();
            long firstStart = trials.stream().mapToLong(Timeline::first).min().orElseThrow();
            return new Breakdown((t1 - t0) / 1e6, (last.first() - t0) / 1e6, sleeps, busy - sleeps, gaps, (t1 - last.last()) / 1e6,
                    all.length == 0 ? 0 : all[all.length / 2] / 1e3, all.length == 0 ? 0 : all[(int) (all.length * 0.99)] / 1e3,
                    gcMillis, driverCpuNanos / 1e6, (firstStart - t0) / 1e6, idle);
        }

        static Breakdown median(List<Breakdown> runs) {
            return new Breakdown(m(runs, Breakdown::wall), m(runs, Breakdown::start), m(runs, Breakdown::sleeps), m(runs, Breakdown::overshoot),
                    m(runs, Breakdown::gaps), m(runs, Breakdown::end), m(runs, Breakdown::gapMedianMicros), m(runs, Breakdown::gapP99Micros),
                    m(runs, Breakdown::gc), m(runs, Breakdown::driverCpu), m(runs, Breakdown::firstStart), m(runs, Breakdown::idleBetweenTrialsMicros));
        }

        private static double m(List<Breakdown> runs, ToDoubleFunction<Breakdown> field) {
            return EngineBenchmark.median(runs.stream().map(field::applyAsDouble).toList());
        }

        String describe(boolean oneStep) {
            if (oneStep) {
                return String.format(Locale.ROOT, "to the first step %.1f ms, a slot idle between trials %.0f µs, overshoot a step %.0f µs (last trial), after the last step %.1f ms; GC %.0f ms, driver CPU %.0f ms",
                        firstStart, idleBetweenTrialsMicros, overshoot * 1e3, end, gc, driverCpu);
            }
            return String.format(Locale.ROOT, "last trial: start %.1f + sleeps %.0f + overshoot %.1f + gaps %.1f + end %.1f ms; gaps median %.1f µs, p99 %.0f µs; GC %.0f ms, driver CPU %.0f ms",
                    start, sleeps, overshoot, gaps, end, gapMedianMicros, gapP99Micros, gc, driverCpu);
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
        System.out.printf(Locale.ROOT, "handshake tax, wall ÷ minimum, medians of %d rounds after a 1 s warm-up of each, experiments under %s%n", RUNS, STORAGE);
        try {
            for (Workload w : workloads) {
                Workload warmUp = new Workload(w.name(), w.trials() > CONCURRENT ? 20 : w.trials(), Math.max(1, w.steps() / SECONDS), w.micros(), w.slots(), w.files());
                plainThreads(warmUp);
                jtune(warmUp, 1);
                jtune(warmUp, RESULT_BUFFER);
            }
            for (Workload w : workloads) {
                List<Breakdown> plain = new ArrayList<>();
                List<Breakdown> jtune = new ArrayList<>();
                List<Breakdown> buffered = new ArrayList<>();
                for (int i = 0; i < RUNS; i++) {
                    plain.add(plainThreads(w));
                    jtune.add(jtune(w, 1));
                    if (w.steps() > 1) {
                        buffered.add(jtune(w, RESULT_BUFFER));
                    }
                }
                double p = EngineBenchmark.median(ratios(plain, w));
                double j = EngineBenchmark.median(ratios(jtune, w));
                System.out.printf(Locale.ROOT, "  %-48s minimum %5.1f s  plain threads %.4fx  jtune %.4fx (÷ plain %.4f)", w.name(), w.minimumSeconds(), p, j, j / p);
                if (!buffered.isEmpty()) {
                    double b = EngineBenchmark.median(ratios(buffered, w));
                    System.out.printf(Locale.ROOT, "  jtune resultBuffer(%d) %.4fx (÷ plain %.4f)", RESULT_BUFFER, b, b / p);
                }
                System.out.printf(Locale.ROOT, "%n      runs: plain %s; jtune %s; buffered %s%n", EngineBenchmark.format(ratios(plain, w), 4),
                        EngineBenchmark.format(ratios(jtune, w), 4), EngineBenchmark.format(ratios(buffered, w), 4));
                boolean oneStep = w.steps() == 1;
                System.out.printf(Locale.ROOT, "      plain threads: %s%n", Breakdown.median(plain).describe(oneStep));
                System.out.printf(Locale.ROOT, "      jtune:         %s%n", Breakdown.median(jtune).describe(oneStep));
                if (!buffered.isEmpty()) {
                    System.out.printf(Locale.ROOT, "      buffered:      %s%n", Breakdown.median(buffered).describe(oneStep));
                }
            }
        } finally {
            for (Path storage : WRITTEN) {
                CheckpointFolders.deleteRecursively(storage);
            }
        }
    }

    private static List<Double> ratios(List<Breakdown> runs, Workload w) {
        return runs.stream().map(r -> r.wall() / 1e3 / w.minimumSeconds()).toList();
    }

    /** The workload through the Tuner. */
    private static Breakdown jtune(Workload w, int resultBuffer) throws IOException {
        Path storage = Files.createTempDirectory(STORAGE, "jtune-handoff");
        WRITTEN.add(storage);
        prepare(w);
        Tuner tuner = Tuner.of(SleepingStep.class).name("handoff").storagePath(storage).numSamples(w.trials())
                .stop(Stoppers.maximumIteration(w.steps())).resources(ResourceRequest.cpus(1))
                .machineResources(DetectedMachine.resources().withCpu(w.slots())).resultBuffer(resultBuffer)
                .progress(false).outputFiles(w.files()).seed(1).deterministic(false);
        long gc = gcMillis();
        long cpu = THREADS.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        ResultGrid grid = tuner.fit();
        long end = System.nanoTime();
        if (grid.numTerminated() != w.trials()) {
            throw new IllegalStateException("expected " + w.trials() + " terminated trials, got " + grid);
        }
        return Breakdown.of(w, start, end, gcMillis() - gc, THREADS.getCurrentThreadCpuTime() - cpu);
    }

    /** The same sleeps on a pool of {@code slots} plain threads, one task a trial. */
    private static Breakdown plainThreads(Workload w) throws InterruptedException {
        prepare(w);
        long gc = gcMillis();
        long start = System.nanoTime();
        PlainThreads.run(w.slots(), w.trials(), () -> {
            Timeline timeline = Timeline.add(w.steps());
            for (int s = 0; s < w.steps(); s++) {
                timeline.step();
            }
        });
        long end = System.nanoTime();
        return Breakdown.of(w, start, end, gcMillis() - gc, 0);
    }

    private static void prepare(Workload w) {
        TIMELINES.clear();
        stepMicros = w.micros();
        stepsPerTrial = w.steps();
    }

    private static long gcMillis() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().mapToLong(GarbageCollectorMXBean::getCollectionTime).sum();
    }

    private static void sleepMicros(long micros) throws InterruptedException {
        Thread.sleep(micros / 1000, (int) (micros % 1000) * 1000);
    }
}
