package io.jtune.xgboost.bench;

import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.schedule.AsyncHyperBandScheduler;
import io.jtune.engine.search.auto.AutoSearch;
import io.jtune.engine.search.tpe.TpeSearch;
import io.jtune.engine.search.tpe.TpeSettings;
import io.jtune.xgboost.DataSource;
import io.jtune.xgboost.TrainingData;
import io.jtune.xgboost.XGBoostTask;
import io.jtune.xgboost.XGBoostTrainable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import ml.dmlc.xgboost4j.java.Booster;
import ml.dmlc.xgboost4j.java.DMatrix;
import ml.dmlc.xgboost4j.java.XGBoost;

/**
 * The jtune side of the benchmark against Optuna ({@code bench/side_by_side.py} runs both): TPE
 * and ASHA (grace 3, reduction 3) over the same search space, budget and 2 concurrent trials of one
 * thread each, on the data split the Python side wrote as XGBoost binary matrices; then a plain loop
 * trains the same configs for the same rounds on 2 threads, without a tuner. Prints one JSON line.
 *
 * <p>Arguments: the folder with {@code train.buffer} and {@code valid.buffer}, the seed, the
 * number of trials, the maximum rounds.
 */
public final class JtuneSide {
    static final String METRIC = "validation-mlogloss";
    static final int CONCURRENT = 2;
    static final Map<String, Object> FIXED = Map.of("objective", "multi:softprob", "num_class", 10, "tree_method", "hist",
            "max_bin", 32, "eval_metric", "mlogloss", "verbosity", 0);

    private JtuneSide() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        long seed = Long.parseLong(args[1]);
        int trials = Integer.parseInt(args[2]);
        int maxRounds = Integer.parseInt(args[3]);
        DMatrix train = new DMatrix(dir.resolve("train.buffer").toString());
        DMatrix valid = new DMatrix(dir.resolve("valid.buffer").toString());
        TrainingData data = TrainingData.train(train).watch("validation", valid);
        Map<String, Object> fixed = new LinkedHashMap<>(FIXED);
        fixed.put("seed", seed);
        warmUp(train, fixed);

        BestSoFar curve = new BestSoFar();
        Path storage = Files.createTempDirectory("jtune-xgb-bench");
        long start = System.nanoTime();
        curve.start(start);
        ResultGrid grid = Tuner.of("xgboost", XGBoostTrainable.factory(XGBoostTask.of(DataSource.perJvm(() -> data), fixed)))
                .space(SearchSpace.builder().loguniform("eta", 0.05, 0.6).randint("max_depth", 3, 9)
                        .loguniform("min_child_weight", 0.5, 8).uniform("subsample", 0.5, 1).uniform("colsample_bytree", 0.3, 1).build())
                .metric(METRIC, Mode.MIN)
                .searcher(searcher())
                .scheduler(AsyncHyperBandScheduler.builder().maxT(maxRounds).gracePeriod(3).reductionFactor(3).build())
                .numSamples(trials).seed(seed)
                .machineResources(new ResourceRequest(CONCURRENT, 0, 1L << 30, Map.of()))
                .storagePath(storage).progress(false).callbacks(curve).fit();
        double wall = (System.nanoTime() - start) / 1e9;

        List<Map<String, Object>> configs = new ArrayList<>();
        List<Integer> rounds = new ArrayList<>();
        for (TrialOutcome trial : grid.trials()) {
            Map<String, Object> params = new LinkedHashMap<>(fixed);
            params.putAll(trial.config().toMap());
            params.put("nthread", 1);
            configs.add(params);
            rounds.add(trial.history().size());
        }
        double plain = plainLoop(train, valid, configs, rounds);
        System.out.println(String.format(Locale.ROOT, "{\"side\": \"jtune\", \"seed\": %d, \"wall_s\": %.3f, \"plain_wall_s\": %.3f, \"rounds\": %d, \"best\": %.6f, \"curve\": %s}",
                seed, wall, plain, curve.rounds, curve.best, curve.json()));
        train.dispose();
        valid.dispose();
    }

    /** {@code -Djtune.bench.searcher=tpe} (default: TPE with 6 startup trials) or {@code auto} ({@link AutoSearch}'s choice). */
    private static SearchAlgorithm searcher() {
        String name = System.getProperty("jtune.bench.searcher", "tpe");
        return switch (name) {
            case "tpe" -> new TpeSearch(TpeSettings.defaults().withNStartupTrials(6));
            case "auto" -> new AutoSearch();
            default -> throw new IllegalArgumentException("-Djtune.bench.searcher=" + name + ": use tpe or auto");
        };
    }

    /** One round on the training matrix, so that XGBoost's quantile index is built before either side is timed. */
    private static void warmUp(DMatrix train, Map<String, Object> fixed) throws Exception {
        Booster booster = XGBoost.train(train, new LinkedHashMap<>(fixed), 1, Map.of(), null, null);
        booster.dispose();
    }

    /** The configs trained for their rounds, evaluated every round as the tuner does, on {@value #CONCURRENT} threads. */
    static double plainLoop(DMatrix train, DMatrix valid, List<Map<String, Object>> configs, List<Integer> rounds) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(CONCURRENT);
        long start = System.nanoTime();
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < configs.size(); i++) {
                Map<String, Object> params = configs.get(i);
                int n = rounds.get(i);
                done.add(pool.submit(() -> {
                    Booster booster = XGBoost.train(train, params, 0, Map.of(), null, null);
                    try {
                        for (int r = 0; r < n; r++) {
                            booster.update(train, r);
                            booster.evalSet(new DMatrix[] {valid}, new String[] {"validation"}, r);
                        }
                    } finally {
                        booster.dispose();
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        return (System.nanoTime() - start) / 1e9;
    }

    /** The best validation log loss over every round reported so far, against seconds since the start and rounds done. */
    static final class BestSoFar implements Callback {
        private long start;
        private int rounds;
        private double best = Double.POSITIVE_INFINITY;
        private final StringJoiner points = new StringJoiner(", ", "[", "]");

        void start(long nanos) {
            start = nanos;
        }

        @Override
        public void onTrialResult(TrialView trial, Result result) {
            rounds++;
            double value = result.getDouble(METRIC);
            if (value < best) {
                best = value;
                points.add(String.format(Locale.ROOT, "[%.3f, %d, %.6f]", (System.nanoTime() - start) / 1e9, rounds, best));
            }
        }

        String json() {
            return points.toString();
        }
    }
}
