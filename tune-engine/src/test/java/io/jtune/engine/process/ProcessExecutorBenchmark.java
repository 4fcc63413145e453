package io.jtune.engine.process;

import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.Tuner;
import io.jtune.engine.bench.EngineBenchmark.NoOp;
import io.jtune.engine.exec.ExecutorFactory;
import io.jtune.engine.remote.Event;
import io.jtune.engine.stop.Stoppers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Measures the process executor against the thread executor, side by side in one run (a benchmark,
 * not a test): each round runs a workload on threads, then in worker processes with the executor's
 * default result window, then in worker processes with {@code Tuner.resultBuffer(n)}
 * ({@code -DresultBuffer=n}, default 1: each result waits for its decision); medians over
 * {@code -Druns=N} rounds (default 5) and their ratios are printed.
 * <ol>
 *   <li>per-trial overhead: experiments of 100 and of 600 trials x 1 step of a no-op trainable, 2 at a
 *       time, output files off; the marginal cost of a trial is (wall(600) - wall(100)) / 500, so the
 *       start of the process executor's two workers (paid once per experiment) is not in it;</li>
 *   <li>result throughput: 2 trials x 5,000 steps ({@code -DthroughputSteps=N}) of a no-op trainable at once, output files off: results / s
 *       as the driver sees them arrive (first to last result), and over the whole {@code fit()} (worker
 *       JVM starts included);</li>
 *   <li>handshake tax: 2 trials x 1,000 steps that sleep 2 ms each (500 results/s a trial), output files off:
 *       the time per step as the driver sees results arrive (first to last result) / the 2 ms a step sleeps;</li>
 *   <li>worker start: a worker JVM from its start to its {@code ready} event, with default JVM options.</li>
 * </ol>
 * Run: {@code mvn -q -pl tune-engine -am test-compile exec:java -Dexec.skip=true -Dexec.classpathScope=test
 * -Dexec.mainClass=io.jtune.engine.process.ProcessExecutorBenchmark [-Druns=N] [-DresultBuffer=N] [-DthroughputSteps=N]}.
 */
public final class ProcessExecutorBenchmark {
    private static final int FEW_TRIALS = 100;
    private static final int MANY_TRIALS = 600;
    private static final int THROUGHPUT_STEPS = Integer.getInteger("throughputSteps", 5_000);
    private static final int SLEEPING_STEPS = 1_000;
    private static final int SLEEP_MILLIS = 2;
    private static final ResourceRequest TWO_CPUS = new ResourceRequest(2, 0, 1L << 32, Map.of());
    /** The executor's default: no {@code Tuner.resultBuffer} call. */
    private static final int DEFAULT = 0;

    /** How long one experiment took: its whole {@code fit()}, and from the first result the driver saw to the last. */
    private record Timing(double fitSeconds, double flowSeconds) {
    }

    private ProcessExecutorBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int runs = Integer.getInteger("runs", 5);
        int buffer = Integer.getInteger("resultBuffer", 1);
        Path storage = Files.createTempDirectory("jtune-process-bench");
        String[] names = {"threads", "process", "process, resultBuffer(" + buffer + ")"};
        ExecutorFactory[] executors = {ExecutorFactory.threads(), ExecutorFactory.process(), ExecutorFactory.process()};
        int[] buffers = {DEFAULT, DEFAULT, buffer};
        List<List<Double>> overhead = lists(2);
        List<List<Double>> flowRate = lists(3);
        List<List<Double>> fitRate = lists(3);
        List<List<Double>> tax = lists(3);
        List<Double> start = new ArrayList<>();
        try {
            for (int round = 0; round < runs + 1; round++) {
                boolean warmUp = round == 0;
                double[] o = new double[2];
                double[] flow = new double[3];
                double[] fit = new double[3];
                double[] x = new double[3];
                for (int i = 0; i < 2; i++) {
                    o[i] = marginalMillis(executors[i], storage);
                }
                for (int i = 0; i < 3; i++) {
                    Timing t = timed(tuner(NoOp.class, executors[i], storage, buffers[i]).numSamples(2).stop(Stoppers.maximumIteration(THROUGHPUT_STEPS)));
                    flow[i] = (2.0 * THROUGHPUT_STEPS - 1) / t.flowSeconds();
                    fit[i] = 2.0 * THROUGHPUT_STEPS / t.fitSeconds();
                }
                for (int i = 0; i < 3; i++) {
                    x[i] = sleepingStepMillis(executors[i], storage, buffers[i]) / SLEEP_MILLIS;
                }
                double ws = workerStartMillis();
                System.out.printf(Locale.ROOT, "round %d%s: overhead %.3f / %.3f ms, flow %.0f / %.0f / %.0f results/s, fit %.0f / %.0f / %.0f results/s, "
                        + "tax %.3f / %.3f / %.3f, worker start %.0f ms%n", round, warmUp ? " (warm-up)" : "", o[0], o[1], flow[0], flow[1], flow[2],
                        fit[0], fit[1], fit[2], x[0], x[1], x[2], ws);
                if (!warmUp) {
                    for (int i = 0; i < 3; i++) {
                        if (i < 2) {
                            overhead.get(i).add(o[i]);
                        }
                        flowRate.get(i).add(flow[i]);
                        fitRate.get(i).add(fit[i]);
                        tax.get(i).add(x[i]);
                    }
                    start.add(ws);
                }
            }
        } finally {
            deleteRecursively(storage);
        }
        double ot = median(overhead.get(0));
        double op = median(overhead.get(1));
        System.out.printf(Locale.ROOT, "marginal per-trial overhead (ms/trial):  threads %.3f, process %.3f (%.1fx threads, %.3f ms more)%n", ot, op, op / ot, op - ot);
        double tt = median(flowRate.get(0));
        System.out.printf(Locale.ROOT, "result throughput, first to last result (results/s):  threads %.0f, %s%n", tt, againstThreads(names, flowRate));
        System.out.printf(Locale.ROOT, "result throughput, whole fit() with worker starts (results/s):  threads %.0f, %s%n", median(fitRate.get(0)),
                againstThreads(names, fitRate));
        System.out.printf(Locale.ROOT, "2 trials x %d steps of %d ms, time per step / %2$d ms:  threads %.3fx, %s %.3fx, %s %.3fx%n",
                SLEEPING_STEPS, SLEEP_MILLIS, median(tax.get(0)), names[1], median(tax.get(1)), names[2], median(tax.get(2)));
        System.out.printf(Locale.ROOT, "worker start (ms, JVM start to ready): %.0f%n", median(start));
        System.out.printf(Locale.ROOT, "(medians of %d rounds after one warm-up round, %d CPUs)%n", runs, Runtime.getRuntime().availableProcessors());
    }

    private static List<List<Double>> lists(int n) {
        List<List<Double>> lists = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            lists.add(new ArrayList<>());
        }
        return lists;
    }

    /** The process columns' medians and their ratios to the threads column's median. */
    private static String againstThreads(String[] names, List<List<Double>> rates) {
        double threads = median(rates.get(0));
        StringBuilder s = new StringBuilder();
        for (int i = 1; i < names.length; i++) {
            double m = median(rates.get(i));
            s.append(i > 1 ? ", " : "").append(String.format(Locale.ROOT, "%s %.0f (%.2fx threads)", names[i], m, m / threads));
        }
        return s.toString();
    }

    /** The wall time one more trial adds, in ms. */
    private static double marginalMillis(ExecutorFactory executor, Path storage) {
        double few = timed(tuner(NoOp.class, executor, storage, DEFAULT).numSamples(FEW_TRIALS).stop(Stoppers.maximumIteration(1))).fitSeconds();
        double many = timed(tuner(NoOp.class, executor, storage, DEFAULT).numSamples(MANY_TRIALS).stop(Stoppers.maximumIteration(1))).fitSeconds();
        return (many - few) / (MANY_TRIALS - FEW_TRIALS) * 1e3;
    }

    /** The ms per step of 2 trials stepping at once, from the first result the driver sees to the last. */
    private static double sleepingStepMillis(ExecutorFactory executor, Path storage, int resultBuffer) {
        Timing t = timed(tuner(Sleepy.class, executor, storage, resultBuffer).numSamples(2)
                .space(SearchSpace.builder().constant("stepMillis", SLEEP_MILLIS).build()).stop(Stoppers.maximumIteration(SLEEPING_STEPS)));
        return t.flowSeconds() * 1e3 / (SLEEPING_STEPS - 1);
    }

    /** Runs the experiment, timing its fit() and its results' arrival at the driver. */
    private static Timing timed(Tuner tuner) {
        long[] firstAndLast = new long[2];
        Callback arrivals = new Callback() {
            @Override
            public void onTrialResult(TrialView trial, Result result) {
                firstAndLast[1] = System.nanoTime();
                if (firstAndLast[0] == 0) {
                    firstAndLast[0] = firstAndLast[1];
                }
            }
        };
        long begin = System.nanoTime();
        tuner.callbacks(arrivals).fit();
        return new Timing((System.nanoTime() - begin) / 1e9, (firstAndLast[1] - firstAndLast[0]) / 1e9);
    }

    private static Tuner tuner(Class<?> trainable, ExecutorFactory executor, Path storage, int resultBuffer) {
        Tuner tuner = Tuner.of(trainable).executor(executor).resources(ResourceRequest.cpus(1)).machineResources(TWO_CPUS)
                .storagePath(storage).outputFiles(false).progress(false);
        return resultBuffer == DEFAULT ? tuner : tuner.resultBuffer(resultBuffer);
    }

    private static double workerStartMillis() throws Exception {
        LinkedBlockingQueue<WorkerProcess.Message> inbox = new LinkedBlockingQueue<>();
        long begin = System.nanoTime();
        WorkerProcess worker = WorkerProcess.start(ProcessOptions.defaults(), WorkerShape.of(0, List.of()), inbox::add);
        try {
            WorkerProcess.Message first = inbox.poll(60, TimeUnit.SECONDS);
            if (!(first instanceof WorkerProcess.Inbound in && in.event() instanceof Event.Ready)) {
                throw new IllegalStateException("the worker did not report ready: " + first);
            }
            return (System.nanoTime() - begin) / 1e6;
        } finally {
            worker.shutdown();
            worker.awaitExit(System.nanoTime() + TimeUnit.SECONDS.toNanos(10));
        }
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static void deleteRecursively(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
