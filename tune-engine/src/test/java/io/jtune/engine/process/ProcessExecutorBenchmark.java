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
 * not a test): each round runs a workload on threads, then in worker processes; medians over
 * {@code -Druns=N} rounds (default 5) and their ratio are printed.
 * <ol>
 *   <li>per-trial overhead: experiments of 100 and of 600 trials x 1 step of a no-op trainable, 2 at a
 *       time, output files off; the marginal cost of a trial is (wall(600) - wall(100)) / 500, so the
 *       start of the process executor's two workers (paid once per experiment) is not in it;</li>
 *   <li>result throughput: 2 trials x 5,000 steps of a no-op trainable at once, output files off (results / s),
 *       also in worker processes with {@code Tuner.resultBuffer(n)} ({@code -DresultBuffer=n}, default 16), where a
 *       worker streams its results without waiting for each decision;</li>
 *   <li>handshake tax: 2 trials x 1,000 steps that sleep 2 ms each (500 results/s a trial), output files off, on
 *       threads, in worker processes, and in worker processes with the result buffer: the time per step as the
 *       driver sees results arrive (first to last result, so the workers' start is not in it) / the 2 ms a step sleeps;</li>
 *   <li>worker start: a worker JVM from its start to its {@code ready} event, with default JVM options.</li>
 * </ol>
 * Run: {@code mvn -q -pl tune-engine -am test-compile exec:java -Dexec.skip=true -Dexec.classpathScope=test
 * -Dexec.mainClass=io.jtune.engine.process.ProcessExecutorBenchmark [-Druns=N] [-DresultBuffer=N]}.
 */
public final class ProcessExecutorBenchmark {
    private static final int FEW_TRIALS = 100;
    private static final int MANY_TRIALS = 600;
    private static final int THROUGHPUT_STEPS = 5_000;
    private static final int SLEEPING_STEPS = 1_000;
    private static final int SLEEP_MILLIS = 2;
    private static final ResourceRequest TWO_CPUS = new ResourceRequest(2, 0, 1L << 32, Map.of());

    private ProcessExecutorBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int runs = Integer.getInteger("runs", 5);
        int buffer = Integer.getInteger("resultBuffer", 16);
        Path storage = Files.createTempDirectory("jtune-process-bench");
        List<Double> overheadThreads = new ArrayList<>();
        List<Double> overheadProcess = new ArrayList<>();
        List<Double> throughputThreads = new ArrayList<>();
        List<Double> throughputProcess = new ArrayList<>();
        List<Double> throughputBuffered = new ArrayList<>();
        List<Double> taxThreads = new ArrayList<>();
        List<Double> taxProcess = new ArrayList<>();
        List<Double> taxBuffered = new ArrayList<>();
        List<Double> start = new ArrayList<>();
        try {
            for (int round = 0; round < runs + 1; round++) {
                boolean warmUp = round == 0;
                double ot = marginalMillis(ExecutorFactory.threads(), storage);
                double op = marginalMillis(ExecutorFactory.process(), storage);
                double tt = 2.0 * THROUGHPUT_STEPS / seconds(() -> throughput(ExecutorFactory.threads(), storage, 1));
                double tp = 2.0 * THROUGHPUT_STEPS / seconds(() -> throughput(ExecutorFactory.process(), storage, 1));
                double tb = 2.0 * THROUGHPUT_STEPS / seconds(() -> throughput(ExecutorFactory.process(), storage, buffer));
                double xt = sleepingStepMillis(ExecutorFactory.threads(), storage, 1) / SLEEP_MILLIS;
                double xp = sleepingStepMillis(ExecutorFactory.process(), storage, 1) / SLEEP_MILLIS;
                double xb = sleepingStepMillis(ExecutorFactory.process(), storage, buffer) / SLEEP_MILLIS;
                double ws = workerStartMillis();
                if (!warmUp) {
                    overheadThreads.add(ot);
                    overheadProcess.add(op);
                    throughputThreads.add(tt);
                    throughputProcess.add(tp);
                    throughputBuffered.add(tb);
                    taxThreads.add(xt);
                    taxProcess.add(xp);
                    taxBuffered.add(xb);
                    start.add(ws);
                }
            }
        } finally {
            deleteRecursively(storage);
        }
        System.out.printf(Locale.ROOT, "marginal per-trial overhead (ms/trial):  threads %.3f, process %.3f, ratio %.1fx%n",
                median(overheadThreads), median(overheadProcess), median(overheadProcess) / median(overheadThreads));
        System.out.printf(Locale.ROOT, "result throughput (results/s):  threads %.0f, process %.0f, ratio %.2fx%n",
                median(throughputThreads), median(throughputProcess), median(throughputProcess) / median(throughputThreads));
        System.out.printf(Locale.ROOT, "result throughput with resultBuffer(%d) (results/s):  process %.0f, %.1fx the unbuffered process run, %.2fx threads%n",
                buffer, median(throughputBuffered), median(throughputBuffered) / median(throughputProcess), median(throughputBuffered) / median(throughputThreads));
        System.out.printf(Locale.ROOT, "2 trials x %d steps of %d ms, time per step / %2$d ms:  threads %.3fx, process %.3fx, process with resultBuffer(%d) %.3fx%n",
                SLEEPING_STEPS, SLEEP_MILLIS, median(taxThreads), median(taxProcess), buffer, median(taxBuffered));
        System.out.printf(Locale.ROOT, "worker start (ms, JVM start to ready): %.0f%n", median(start));
        System.out.printf(Locale.ROOT, "(medians of %d rounds after one warm-up round, %d CPUs)%n", runs, Runtime.getRuntime().availableProcessors());
    }

    /** The wall time one more trial adds, in ms. */
    private static double marginalMillis(ExecutorFactory executor, Path storage) {
        double few = seconds(() -> overhead(executor, storage, FEW_TRIALS));
        double many = seconds(() -> overhead(executor, storage, MANY_TRIALS));
        return (many - few) / (MANY_TRIALS - FEW_TRIALS) * 1e3;
    }

    private static void overhead(ExecutorFactory executor, Path storage, int trials) {
        tuner(NoOp.class, executor, storage).numSamples(trials).stop(Stoppers.maximumIteration(1)).fit();
    }

    private static void throughput(ExecutorFactory executor, Path storage, int resultBuffer) {
        tuner(NoOp.class, executor, storage).numSamples(2).stop(Stoppers.maximumIteration(THROUGHPUT_STEPS)).resultBuffer(resultBuffer).fit();
    }

    /** The ms per step of 2 trials stepping at once, from the first result the driver sees to the last. */
    private static double sleepingStepMillis(ExecutorFactory executor, Path storage, int resultBuffer) {
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
        tuner(Sleepy.class, executor, storage).numSamples(2).space(SearchSpace.builder().constant("stepMillis", SLEEP_MILLIS).build())
                .stop(Stoppers.maximumIteration(SLEEPING_STEPS)).resultBuffer(resultBuffer).callbacks(arrivals).fit();
        return (firstAndLast[1] - firstAndLast[0]) / 1e6 / (SLEEPING_STEPS - 1);
    }

    private static Tuner tuner(Class<?> trainable, ExecutorFactory executor, Path storage) {
        return Tuner.of(trainable).executor(executor).resources(ResourceRequest.cpus(1)).machineResources(TWO_CPUS)
                .storagePath(storage).outputFiles(false).progress(false);
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

    private static double seconds(Runnable workload) {
        long begin = System.nanoTime();
        workload.run();
        return (System.nanoTime() - begin) / 1e9;
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
