package io.jtune.xgboost;

import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.Tuner;
import io.jtune.engine.schedule.AsyncHyperBandScheduler;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.stop.Stoppers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import ml.dmlc.xgboost4j.java.DMatrix;

/**
 * Resident memory over many short XGBoost trials: {@code args[0]} (default 300) trials of at most
 * 6 rounds, ASHA stopping some at 2, each trial building its own 20,000-row training and 5,000-row
 * validation matrices (8 features) ({@link DataSource#perTrial}) and checkpointing every 2 rounds; the process's
 * RSS (VmRSS) is printed after every 30 finished trials. Flat figures mean every trial's matrices
 * and booster were freed. With {@code args[1]} = {@code never-free}, the control: the same data
 * source never frees what it built (its matrices wait for the garbage collector to finalize them),
 * to show what a leak looks like. Run with a fixed, pre-touched heap
 * ({@code -Xms256m -Xmx256m -XX:+AlwaysPreTouch}) so that the Java heap's pages do not count as growth.
 */
public final class NativeMemoryBenchmark {
    private static final int ROWS = 20_000;

    private NativeMemoryBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        int trials = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        boolean neverFree = args.length > 1 && args[1].equals("never-free");
        Random seeds = new Random(1);
        DataSource perTrial = DataSource.perTrial(() -> {
            long seed;
            synchronized (seeds) {
                seed = seeds.nextLong();
            }
            DMatrix train = Synthetic.matrix(ROWS, seed);
            return TrainingData.train(train).watch("validation", Synthetic.matrix(ROWS / 4, seed + 1));
        });
        DataSource data = neverFree ? new NeverFreed(perTrial) : perTrial;
        XGBoostTask task = XGBoostTask.of(data, Map.of("objective", "binary:logistic", "eval_metric", "logloss", "max_depth", 6));
        Path storage = Files.createTempDirectory("jtune-xgb-rss");
        System.out.printf(Locale.ROOT, "trials_done,rss_mib%n0,%.1f%n", rssMib());
        Tuner.of("rss", XGBoostTrainable.factory(task))
                .space(SearchSpace.builder().loguniform("eta", 0.05, 0.5).build())
                .metric("validation-logloss", Mode.MIN)
                .scheduler(AsyncHyperBandScheduler.builder().maxT(6).gracePeriod(2).reductionFactor(3).build())
                .stop(Stoppers.maximumIteration(6))
                .checkpoint(CheckpointPolicy.every(2).keepLatest(1))
                .numSamples(trials).seed(1)
                .machineResources(new ResourceRequest(2, 0, 1L << 30, Map.of()))
                .storagePath(storage).progress(false)
                .callbacks(new RssEvery(30))
                .fit();
    }

    /** VmRSS of this process in MiB. */
    static double rssMib() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read /proc/self/status: " + e.getMessage(), e);
        }
        throw new IllegalStateException("/proc/self/status has no VmRSS line");
    }

    /** The control: opens as the wrapped source does and never frees. */
    private record NeverFreed(DataSource source) implements DataSource {
        @Override
        public TrainingData open() throws Exception {
            return source.open();
        }

        @Override
        public void close(TrainingData data) {
            // the leak this benchmark's control shows
        }
    }

    /** Prints the RSS after every {@code every} finished trials. */
    private static final class RssEvery implements Callback {
        private final int every;
        private int done;

        RssEvery(int every) {
            this.every = every;
        }

        @Override
        public void onTrialComplete(TrialView trial) {
            done++;
            if (done % every == 0) {
                System.out.printf(Locale.ROOT, "%d,%.1f%n", done, rssMib());
            }
        }

        @Override
        public void onExperimentEnd(List<? extends TrialView> trials) {
            System.out.printf(Locale.ROOT, "end,%.1f%n", rssMib());
        }
    }
}
