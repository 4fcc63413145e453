package io.jtune.report.bench;

import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.space.SearchSpace;
import io.jtune.engine.Tuner;
import io.jtune.report.ReportCallback;
import io.jtune.report.TensorBoardCallback;
import io.jtune.report.TuneServer;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The driver thread's cost of tune-report: the same experiment (8 trials, 2 at a time, 4,000
 * results each from a step of about 0.3 ms) run plain (report and TensorBoard off), with the
 * report refreshed during the run, with the report and the TuneServer polled at 10 Hz by a client
 * (GET /api/trials), with TensorBoard files, and with all three. Measures the CPU time of the driver
 * thread (the thread calling fit) and the wall time, {@code -Drounds=5} rounds with the variants
 * interleaved; prints the medians, and the median (min-max) over the rounds of each round's ratio to
 * its own plain run, which a machine whose load drifts disturbs less. Run from the repository root:
 * {@code mvn -q -pl tune-report -am test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test}, then
 * {@code java -cp tune-report/target/test-classes:tune-report/target/classes:$(cat tune-report/target/cp.txt) io.jtune.report.bench.DriverCostBenchmark}
 */
public final class DriverCostBenchmark {
    private static final int ROUNDS = Integer.getInteger("rounds", 5);
    private static final int TRIALS = 8;
    private static final int STEPS = 4_000;

    private DriverCostBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path storage = Files.createTempDirectory("jtune-driver-cost");
        List<String> variants = List.of("plain", "report", "report + server polled at 10 Hz", "tensorboard", "report + server + tensorboard");
        Map<String, List<double[]>> samples = new LinkedHashMap<>();
        variants.forEach(v -> samples.put(v, new ArrayList<>()));
        run(storage, "warm-up", "plain");
        for (int round = 0; round < ROUNDS; round++) {
            for (int i = 0; i < variants.size(); i++) {
                String variant = variants.get((i + round) % variants.size());
                samples.get(variant).add(run(storage, variant.replaceAll("[^a-z0-9]+", "-") + "-" + round, variant));
            }
        }
        System.out.printf(Locale.ROOT, "%-34s %14s %24s %12s %24s%n", "variant", "driver CPU ms", "ratio per round", "wall ms", "ratio per round");
        for (String v : variants) {
            System.out.printf(Locale.ROOT, "%-34s %14.0f %24s %12.0f %24s%n", v, median(samples.get(v), 0), ratios(samples.get(v), samples.get("plain"), 0),
                    median(samples.get(v), 1), ratios(samples.get(v), samples.get("plain"), 1));
        }
    }

    /** The median and range over the rounds of the variant's value divided by plain's in the same round. */
    private static String ratios(List<double[]> variant, List<double[]> plain, int column) {
        double[] r = new double[variant.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = variant.get(i)[column] / plain.get(i)[column];
        }
        Arrays.sort(r);
        return String.format(Locale.ROOT, "%.3f (%.3f-%.3f)", r[r.length / 2], r[0], r[r.length - 1]);
    }

    /** One experiment; returns {driver CPU ms, wall ms}. */
    private static double[] run(Path storage, String name, String variant) throws Exception {
        System.setProperty(ReportCallback.ENABLED_PROPERTY, String.valueOf(variant.startsWith("report")));
        System.setProperty(TensorBoardCallback.ENABLED_PROPERTY, String.valueOf(variant.contains("tensorboard")));
        Tuner tuner = Tuner.of("steps", (config, session) -> {
                    double x = config.getDouble("x");
                    for (int i = 1; i <= STEPS; i++) {
                        x = work(x);
                        session.report(Map.of("loss", Math.abs(x) / i));
                    }
                })
                .name(name).storagePath(storage).numSamples(TRIALS).metric("loss", Mode.MIN)
                .space(SearchSpace.builder().uniform("x", 0, 1).build())
                .machineResources(new ResourceRequest(2, 0, 1L << 30, Map.of())).seed(1).progress(false);
        TuneServer server = null;
        if (variant.contains("server")) {
            server = TuneServer.onPort(0);
            tuner.callbacks(server);
        }
        AtomicBoolean polling = new AtomicBoolean(true);
        AtomicInteger polls = new AtomicInteger();
        Thread client = server == null ? null : poller(server, polling, polls);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpu = threads.getCurrentThreadCpuTime();
        long wall = System.nanoTime();
        tuner.fit();
        double[] sample = {(threads.getCurrentThreadCpuTime() - cpu) / 1e6, (System.nanoTime() - wall) / 1e6};
        polling.set(false);
        if (client != null) {
            client.join();
            if (polls.get() == 0) {
                throw new IllegalStateException("the client never reached the server");
            }
        }
        return sample;
    }

    private static Thread poller(TuneServer server, AtomicBoolean polling, AtomicInteger polls) {
        Thread client = new Thread(() -> {
            HttpClient http = HttpClient.newHttpClient();
            while (polling.get()) {
                URI base = server.baseUri();
                if (base != null) {
                    try {
                        HttpResponse<String> r = http.send(HttpRequest.newBuilder(base.resolve("/api/trials"))
                                .header("Authorization", "Bearer " + server.token()).build(), HttpResponse.BodyHandlers.ofString());
                        if (r.statusCode() == 200) {
                            polls.incrementAndGet();
                        }
                    } catch (Exception e) {
                        // the server stops with the experiment
                    }
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "10Hz-client");
        client.setDaemon(true);
        client.start();
        return client;
    }

    /** About 0.3 ms of arithmetic. */
    private static double work(double x) {
        double y = x;
        for (int k = 0; k < 30_000; k++) {
            y = Math.sin(y) + 0.5;
        }
        return y;
    }

    private static double median(List<double[]> values, int column) {
        double[] v = values.stream().mapToDouble(s -> s[column]).toArray();
        Arrays.sort(v);
        return v[v.length / 2];
    }
}
