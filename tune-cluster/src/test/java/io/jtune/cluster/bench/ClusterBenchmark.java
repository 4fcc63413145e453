package io.jtune.cluster.bench;

import io.jtune.api.Result;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.CheckpointDir;
import com.sun.management.OperatingSystemMXBean;
import io.jtune.cluster.Certs;
import io.jtune.cluster.StepTrainable;
import io.jtune.cluster.driver.ClusterExecutorFactory;
import io.jtune.cluster.driver.ClusterSettings;
import io.jtune.cluster.node.HostPort;
import io.jtune.engine.Tuner;
import io.jtune.engine.bench.CapacityBenchmark;
import io.jtune.engine.checkpoint.CheckpointFolders;
import io.jtune.engine.exec.ExecutorFactory;
import io.jtune.engine.spec.CheckpointPolicy;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Cluster vs local executor, side by side in one run (2 worker JVMs on 127.0.0.1, plaintext on
 * loopback): step round trip, result throughput, checkpoint transfer, failure detection. The first
 * two also run on the cluster with {@code Tuner.resultBuffer(n)} ({@code -DresultBuffer=n}, default
 * 16), where a worker streams its results without waiting for each decision; {@code -DresultsOnly=true}
 * skips the checkpoint and failure parts. Medians over {@code -Druns=N} rounds (default 3) after a warm-up round.
 * {@code -Dingest=true} runs only the driver's ingest over mutual TLS beside its capacity with the simulated executor
 * (see {@link #ingest}).
 *
 * <pre>
 * mvn -q -pl tune-cluster -am test-compile dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt -Dmdep.includeScope=test
 * cd tune-cluster &amp;&amp; java [-Druns=3] [-DresultBuffer=16] [-DresultsOnly=true] [-Dingest=true] -cp "target/test-classes:target/classes:$(cat target/bench-classpath.txt)" io.jtune.cluster.bench.ClusterBenchmark
 * </pre>
 */
public final class ClusterBenchmark {
    private static final int STEPS = 2_000;
    private static final int THROUGHPUT_TRIALS = 4;
    private static final int THROUGHPUT_STEPS = 1_000;
    private static final int CHECKPOINT_KB = 100 * 1024;

    private ClusterBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        if (Boolean.getBoolean("ingest")) {
            ingest(Integer.getInteger("runs", 3));
            return;
        }
        int runs = Integer.getInteger("runs", 3);
        int buffer = Integer.getInteger("resultBuffer", 16);
        boolean resultsOnly = Boolean.getBoolean("resultsOnly");
        Path dir = Files.createTempDirectory("jtune-cluster-bench");
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        ClusterSettings settings = ClusterSettings.at(new HostPort("127.0.0.1", port)).insecureOnLoopback().withMinWorkers(2);
        List<Process> workers = new ArrayList<>();
        try {
            workers.add(startWorker(port, dir, "a"));
            workers.add(startWorker(port, dir, "b"));
            List<Double> stepLocal = new ArrayList<>();
            List<Double> stepCluster = new ArrayList<>();
            List<Double> stepBuffered = new ArrayList<>();
            List<Double> rateLocal = new ArrayList<>();
            List<Double> rateCluster = new ArrayList<>();
            List<Double> rateBuffered = new ArrayList<>();
            List<Double> saveLocal = new ArrayList<>();
            List<Double> saveCluster = new ArrayList<>();
            for (int run = -1; run < runs; run++) {
                if (run < 0) { // warm-up round: the JIT compiles the driver's and the workers' paths; not recorded
                    steps(dir, "warm-cluster", ClusterExecutorFactory.with(settings), 1);
                    steps(dir, "warm-buffered", ClusterExecutorFactory.with(settings), buffer);
                    throughput(dir, "warm-local", ExecutorFactory.threads(), 1);
                    continue;
                }
                stepLocal.add(steps(dir, "step-local-" + run, ExecutorFactory.threads(), 1).secondsPerResult() * 1e6);
                stepCluster.add(steps(dir, "step-cluster-" + run, ClusterExecutorFactory.with(settings), 1).secondsPerResult() * 1e6);
                stepBuffered.add(steps(dir, "step-buffered-" + run, ClusterExecutorFactory.with(settings), buffer).secondsPerResult() * 1e6);
                rateLocal.add(1 / throughput(dir, "rate-local-" + run, ExecutorFactory.threads(), 1).secondsPerResult());
                rateCluster.add(1 / throughput(dir, "rate-cluster-" + run, ClusterExecutorFactory.with(settings), 1).secondsPerResult());
                rateBuffered.add(1 / throughput(dir, "rate-buffered-" + run, ClusterExecutorFactory.with(settings), buffer).secondsPerResult());
                if (resultsOnly) {
                    continue;
                }
                saveLocal.add(checkpointSeconds(dir, "save-local-" + run, ExecutorFactory.threads()));
                saveCluster.add(checkpointSeconds(dir, "save-cluster-" + run, ClusterExecutorFactory.with(settings)));
            }
            double mb = CHECKPOINT_KB / 1024.0;
            System.out.printf(Locale.ROOT, "step round trip (1 trial x %d no-op steps, output files off): local %.0f us, cluster %.0f us, ratio %.1fx%n",
                    STEPS, median(stepLocal), median(stepCluster), median(stepCluster) / median(stepLocal));
            System.out.printf(Locale.ROOT, "result throughput (%d trials x %d no-op steps, JSON+CSV on): local %.0f results/s, cluster %.0f results/s, ratio %.2f%n",
                    THROUGHPUT_TRIALS, THROUGHPUT_STEPS, median(rateLocal), median(rateCluster), median(rateCluster) / median(rateLocal));
            System.out.printf(Locale.ROOT, "with resultBuffer(%d) on the cluster: %.0f us per result of 1 trial (%.1fx local), %.0f results/s of %d trials (%.2f of local, %.1fx unbuffered)%n",
                    buffer, median(stepBuffered), median(stepBuffered) / median(stepLocal), median(rateBuffered), THROUGHPUT_TRIALS,
                    median(rateBuffered) / median(rateLocal), median(rateBuffered) / median(rateCluster));
            System.out.printf(Locale.ROOT, "runs: step local %s cluster %s buffered %s; results/s local %s cluster %s buffered %s%n",
                    fmt(stepLocal), fmt(stepCluster), fmt(stepBuffered), fmt(rateLocal), fmt(rateCluster), fmt(rateBuffered));
            if (resultsOnly) {
                return;
            }
            System.out.printf(Locale.ROOT, "checkpoint of %.0f MiB (save, and for the cluster stream + verify): local %.2f s, cluster %.2f s -> %.0f MiB/s streamed%n",
                    mb, median(saveLocal), median(saveCluster), mb / Math.max(1e-9, median(saveCluster) - median(saveLocal)));
            System.out.printf(Locale.ROOT, "runs: checkpoint s local %s cluster %s%n", fmt(saveLocal), fmt(saveCluster));
            detection(dir, settings, workers, port);
        } finally {
            for (Process p : workers) {
                p.destroyForcibly().waitFor();
            }
            CheckpointFolders.deleteRecursively(dir); // about 900 MB: the 100 MiB checkpoints of every round
        }
    }

    private static Process startWorker(int port, Path dir, String name) throws IOException {
        return startWorker(port, dir, name, List.of("--insecure", "--resources", "cpu=2"));
    }

    /** A worker JVM joining 127.0.0.1:{@code port} with {@code options} ({@code --insecure} or {@code --tls folder}, {@code --resources}). */
    private static Process startWorker(int port, Path dir, String name, List<String> options) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
                "-cp", System.getProperty("java.class.path"), "io.jtune.cluster.Worker", "--join", "127.0.0.1:" + port,
                "--work-dir", dir.resolve("worker-" + name).toString()));
        command.addAll(options);
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("worker-" + name + ".log").toFile()).start();
    }

    /**
     * The driver's ingest over the cluster path beside its capacity with the simulated executor, in one process: each round
     * runs {@link CapacityBenchmark#measure} (ASHA, 10,000 trials at once, JSON+CSV on) and then a cluster run of
     * {@code -DingestTrials=N} no-op trials (default 16) of {@code -DingestSteps=N} steps (default 4,000) each on 2 worker JVMs
     * with mutual TLS, {@code Tuner.resultBuffer(-DingestBuffer=N)} (default 256), FIFO, JSON+CSV on; results and files under
     * {@code -Djtune.bench.storage} (default /dev/shm). Reports results a second (first to last result), the driver's CPU a
     * result (its whole process, and its driver thread) and the workers' CPU a result, medians of {@code runs} rounds after a
     * warm-up round.
     */
    private static void ingest(int runs) throws Exception {
        int trials = Integer.getInteger("ingestTrials", 16);
        int steps = Integer.getInteger("ingestSteps", 4_000);
        int buffer = Integer.getInteger("ingestBuffer", 256);
        Path storage = Files.createTempDirectory(Path.of(System.getProperty("jtune.bench.storage", "/dev/shm")), "jtune-ingest");
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        List<Path> tls = Certs.make(storage.resolve("tls"), List.of("driver", "a", "b"));
        ClusterSettings settings = ClusterSettings.at(new HostPort("127.0.0.1", port)).withTls(tls.get(0)).withMinWorkers(2);
        List<Process> workers = new ArrayList<>();
        try {
            workers.add(startWorker(port, storage, "a", List.of("--tls", tls.get(1).toString(), "--resources", "cpu=" + trials)));
            workers.add(startWorker(port, storage, "b", List.of("--tls", tls.get(2).toString(), "--resources", "cpu=" + trials)));
            List<CapacityBenchmark.Capacity> simulated = new ArrayList<>();
            List<Ingest> cluster = new ArrayList<>();
            for (int round = -1; round < runs; round++) {
                CapacityBenchmark.Capacity capacity = CapacityBenchmark.measure(storage, 10_000, 30_000, true);
                Ingest ingest = ingestRound(storage, "ingest-" + (round + 1), settings, trials, steps, buffer, workers);
                if (round >= 0) { // round -1 warms up the JIT on both paths
                    simulated.add(capacity);
                    cluster.add(ingest);
                }
            }
            double sim = median(simulated.stream().map(CapacityBenchmark.Capacity::resultsPerSecond).toList());
            double real = median(cluster.stream().map(Ingest::resultsPerSecond).toList());
            System.out.printf(Locale.ROOT, "simulated executor (ASHA, 10,000 trials at once, JSON+CSV on): %,.0f results/s, driver thread %.1f us CPU a result, rest of the process %.1f us%n",
                    sim, median(simulated.stream().map(CapacityBenchmark.Capacity::driverMicros).toList()),
                    median(simulated.stream().map(CapacityBenchmark.Capacity::restMicros).toList()));
            System.out.printf(Locale.ROOT, "cluster, mutual TLS, 2 workers (%d trials x %,d no-op steps, resultBuffer(%d), FIFO, JSON+CSV on): %,.0f results/s,"
                    + " driver process %.1f us CPU a result (driver thread %.1f), workers %.1f us CPU a result%n",
                    trials, steps, buffer, real, median(cluster.stream().map(Ingest::driverMicros).toList()),
                    median(cluster.stream().map(Ingest::driverThreadMicros).toList()), median(cluster.stream().map(Ingest::workerMicros).toList()));
            List<Double> ratios = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                ratios.add(cluster.get(i).resultsPerSecond() / simulated.get(i).resultsPerSecond());
            }
            System.out.printf(Locale.ROOT, "cluster ingest / simulated capacity: %.2f (median rates), %.2f (median of the rounds' ratios %s); rounds: simulated %s, cluster %s results/s%n",
                    real / sim, median(ratios), fmt(ratios), fmt(simulated.stream().map(CapacityBenchmark.Capacity::resultsPerSecond).toList()),
                    fmt(cluster.stream().map(Ingest::resultsPerSecond).toList()));
        } finally {
            for (Process p : workers) {
                p.destroyForcibly().waitFor();
            }
            CheckpointFolders.deleteRecursively(storage);
        }
    }

    /** One cluster round: results a second, CPU microseconds a result of the driver's process, of its driver thread, and of the workers. */
    private record Ingest(double resultsPerSecond, double driverMicros, double driverThreadMicros, double workerMicros) {
    }

    private static Ingest ingestRound(Path storage, String name, ClusterSettings settings, int trials, int steps, int buffer, List<Process> workers) {
        long expected = (long) trials * steps;
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long[] first = new long[4];
        long[] last = new long[4];
        Callback marks = new Callback() {
            private long count;

            @Override
            public void onTrialResult(TrialView trial, Result result) {
                if (++count == 1 || count == expected) {
                    long[] at = count == 1 ? first : last;
                    at[0] = System.nanoTime();
                    at[1] = os.getProcessCpuTime();
                    at[2] = threads.getCurrentThreadCpuTime();
                    at[3] = workers.stream().mapToLong(ClusterBenchmark::cpuNanos).sum();
                }
            }
        };
        Double[] xs = new Double[trials];
        for (int i = 0; i < trials; i++) {
            xs[i] = 1.0 + i;
        }
        Tuner.of(StepTrainable.class).name(name).storagePath(storage).progress(false).executor(ClusterExecutorFactory.with(settings))
                .space(SearchSpace.builder().grid("x", (Object[]) xs).constant("iterations", steps).build())
                .resultBuffer(buffer).callbacks(marks).fit();
        if (last[0] == 0) {
            throw new IllegalStateException("the cluster round " + name + " did not report its " + expected + " results");
        }
        double results = expected - 1;
        return new Ingest(results / ((last[0] - first[0]) / 1e9), (last[1] - first[1]) / 1e3 / results, (last[2] - first[2]) / 1e3 / results,
                (last[3] - first[3]) / 1e3 / results);
    }

    private static long cpuNanos(Process process) {
        return process.info().totalCpuDuration().map(java.time.Duration::toNanos).orElse(0L);
    }

    private static Tuner base(Path dir, String name, ExecutorFactory executor) {
        return Tuner.of(StepTrainable.class).name(name).storagePath(dir).progress(false).executor(executor);
    }

    /** Times the results the driver handles, from the first to the last (start-up of the cluster and workers excluded). */
    private static final class Span implements Callback {
        private long first;
        private long last;
        private long count;

        @Override
        public void onTrialResult(TrialView trial, Result result) {
            last = System.nanoTime();
            if (count++ == 0) {
                first = last;
            }
        }

        double secondsPerResult() {
            return (last - first) / 1e9 / (count - 1);
        }
    }

    private static Span steps(Path dir, String name, ExecutorFactory executor, int resultBuffer) {
        Span span = new Span();
        base(dir, name, executor).space(SearchSpace.builder().constant("x", 1.0).constant("iterations", STEPS).build()).callbacks(span).outputFiles(false)
                .resultBuffer(resultBuffer).fit();
        return span;
    }

    private static Span throughput(Path dir, String name, ExecutorFactory executor, int resultBuffer) {
        Span span = new Span();
        base(dir, name, executor).space(SearchSpace.builder().grid("x", 0.1, 0.2, 0.3, 0.4).constant("iterations", THROUGHPUT_STEPS).build())
                .callbacks(span).resultBuffer(resultBuffer).fit();
        return span;
    }

    /** The time from the result of iteration 1 to its checkpoint being tracked by the driver. */
    private static double checkpointSeconds(Path dir, String name, ExecutorFactory executor) {
        long[] marks = new long[2];
        Callback timing = new Callback() {
            @Override
            public void onTrialResult(TrialView trial, Result result) {
                marks[0] = System.nanoTime();
            }

            @Override
            public void onCheckpoint(TrialView trial, CheckpointDir checkpoint) {
                marks[1] = System.nanoTime();
            }
        };
        base(dir, name, executor).space(SearchSpace.builder().constant("x", 1.0).constant("iterations", 1).constant("payloadKb", CHECKPOINT_KB).build())
                .checkpoint(CheckpointPolicy.every(1)).callbacks(timing).fit();
        return (marks[1] - marks[0]) / 1e9;
    }

    /** kill -9 and SIGSTOP of the worker running a trial: the time until the trial restarts on the other worker. */
    private static void detection(Path dir, ClusterSettings settings, List<Process> workers, int port) throws Exception {
        for (String signal : List.of("KILL", "STOP")) {
            long[] killedAt = new long[1];
            long[] restartedAt = new long[1];
            CompletableFuture<Long> running = new CompletableFuture<>();
            Callback timing = new Callback() {
                private int starts;

                @Override
                public void onTrialResult(TrialView trial, Result result) {
                    running.complete(((Number) result.get("worker_pid")).longValue());
                }

                @Override
                public void onTrialStart(TrialView trial) {
                    if (++starts == 2) {
                        restartedAt[0] = System.nanoTime();
                    }
                }
            };
            CompletableFuture<Void> run = CompletableFuture.runAsync(() -> base(dir, "detect-" + signal, ClusterExecutorFactory.with(settings))
                    .space(SearchSpace.builder().constant("x", 1.0).constant("iterations", 40).constant("stepMillis", 200).build())
                    .checkpoint(CheckpointPolicy.every(1)).callbacks(timing).fit());
            long pid = running.get(120, TimeUnit.SECONDS);
            killedAt[0] = System.nanoTime();
            new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).start().waitFor();
            run.get(300, TimeUnit.SECONDS);
            System.out.printf(Locale.ROOT, "%s of the trial's worker -> trial restarted on another worker after %.1f s%n",
                    signal.equals("KILL") ? "kill -9" : "kill -STOP", (restartedAt[0] - killedAt[0]) / 1e9);
            for (int i = 0; i < workers.size(); i++) {
                if (workers.get(i).pid() == pid) {
                    workers.get(i).destroyForcibly().waitFor();
                    workers.set(i, startWorker(port, dir, signal + "-replacement"));
                }
            }
        }
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static String fmt(List<Double> values) {
        return values.stream().map(v -> String.format(Locale.ROOT, "%.2f", v)).toList().toString();
    }
}
