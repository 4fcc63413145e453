package io.jtune.engine.bench;

import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.trainable.TrainFunction;
import io.jtune.engine.Tuner;
import io.jtune.engine.schedule.AsyncHyperBandScheduler;
import io.jtune.engine.search.tpe.TpeSearch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * What deterministic mode costs in wall time (a benchmark, not a test): TPE + ASHA over 64 trials
 * of up to 9 steps at concurrency 4, 2 and 1, with deterministic mode off and on (width 4, so all
 * three give the same run), runs alternating, medians and the ratio. Two kinds of step time: <b>by config</b> (1 + 8|x| ms, so some trials are always
 * slower: a fast trial waits for slow ones at the same logical tick) and <b>jitter</b> (1–9 ms
 * drawn at random each step). Run with
 * {@code mvn -q -pl tune-engine -am test-compile exec:java -Dexec.skip=true -Dexec.classpathScope=test
 * -Dexec.mainClass=io.jtune.engine.bench.DeterministicModeBenchmark [-Druns=5]}.
 */
public final class DeterministicModeBenchmark {
    private static final ResourceRequest FOUR_CPUS = new ResourceRequest(4, 0, 1L << 30, Map.of());

    private DeterministicModeBenchmark() {
    }

    private static TrainFunction curve(boolean jitter) {
        return (config, session) -> {
            double x = config.getDouble("x");
            for (int i = 1; i <= 9; i++) {
                double ms = jitter ? ThreadLocalRandom.current().nextDouble(1, 9) : 1 + 8 * Math.abs(x);
                LockSupport.parkNanos((long) (ms * 1e6));
                session.report(Map.of("loss", (x - 0.3) * (x - 0.3) + 1.0 / i));
            }
        };
    }

    private static double seconds(Path storage, String name, boolean jitter, int concurrency, boolean deterministic) {
        long start = System.nanoTime();
        Tuner tuner = Tuner.of("curve", curve(jitter));
        if (deterministic) {
            tuner.deterministic(4);
        }
        tuner.name(name).storagePath(storage).machineResources(FOUR_CPUS).maxConcurrentTrials(concurrency)
                .seed(7).progress(false).outputFiles(false)
                .space(SearchSpace.builder().uniform("x", -1, 1).build()).metric("loss", Mode.MIN)
                .searcher(new TpeSearch()).numSamples(64)
                .scheduler(AsyncHyperBandScheduler.builder().maxT(9).gracePeriod(1).reductionFactor(3).build())
                .fit();
        return (System.nanoTime() - start) / 1e9;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    public static void main(String[] args) throws IOException {
        int runs = Integer.getInteger("runs", 5);
        Path storage = Files.createTempDirectory("jtune-det-bench");
        System.out.println("| step time | at once | off (s) | deterministic, width 4 (s) | ratio |");
        System.out.println("|---|---|---|---|---|");
        for (boolean jitter : new boolean[] {false, true}) {
            seconds(storage, "warmup-" + jitter, jitter, 4, false);
            for (int concurrency : new int[] {4, 2, 1}) {
                double[] off = new double[runs];
                double[] on = new double[runs];
                for (int r = 0; r < runs; r++) {
                    String run = jitter + "-" + concurrency + "-" + r;
                    off[r] = seconds(storage, "off-" + run, jitter, concurrency, false);
                    on[r] = seconds(storage, "on-" + run, jitter, concurrency, true);
                }
                System.out.printf(Locale.ROOT, "| %s | %d | %.3f | %.3f | %.2f× |%n", jitter ? "jitter 1–9 ms" : "by config, 1 + 8·abs(x) ms",
                        concurrency, median(off), median(on), median(on) / median(off));
            }
        }
    }
}
