package io.jtune.xgboost;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import ml.dmlc.xgboost4j.java.Booster;
import ml.dmlc.xgboost4j.java.DMatrix;
import ml.dmlc.xgboost4j.java.XGBoostError;

/**
 * One trial's booster on its data: trains rounds, evaluates the watches, saves and restores
 * itself, and frees its native memory on {@link #close}. Used from one thread at a time.
 */
final class BoostingRun implements AutoCloseable {
    /** The result key with the boosting rounds done so far. */
    static final String ROUNDS = "boosting_rounds";

    private final DataSource source;
    private final TrainingData data;
    private final Map<String, Object> params;
    private final Watches watches;
    private Booster booster;
    private int rounds;

    private BoostingRun(DataSource source, TrainingData data, Map<String, Object> params, Booster booster) {
        this.source = source;
        this.data = data;
        this.params = params;
        this.watches = new Watches(data.watches());
        this.booster = booster;
    }

    /** Opens the data and makes a booster with no rounds; the data goes back to its source if that fails. */
    static BoostingRun start(DataSource source, Map<String, Object> params) throws Exception {
        TrainingData data = source.open();
        try {
            return new BoostingRun(source, data, params, BoosterParams.newBooster(data.train(), params));
        } catch (Exception e) {
            source.close(data);
            throw e;
        }
    }

    /** Trains {@code count} more rounds and returns the watches' metrics after the last one, with {@value #ROUNDS}. */
    Map<String, Object> boost(int count) throws XGBoostError {
        DMatrix train = data.train();
        for (int i = 0; i < count; i++) {
            booster.update(train, rounds);
            rounds++;
        }
        return evaluate();
    }

    /** The watches' metrics of the booster as it is now, with {@value #ROUNDS}. */
    Map<String, Object> evaluate() throws XGBoostError {
        Map<String, Object> metrics = new LinkedHashMap<>();
        watches.evaluate(booster, rounds - 1, metrics);
        metrics.put(ROUNDS, rounds);
        return metrics;
    }

    void save(Path dir) throws IOException {
        BoosterCheckpoint.write(booster, rounds, dir);
    }

    /** Replaces the booster with the one in the checkpoint, given this run's parameters, at the checkpoint's round. */
    void restore(Path dir) throws IOException {
        Booster restored = BoosterCheckpoint.read(dir);
        try {
            BoosterParams.apply(restored, params);
            rounds = BoosterCheckpoint.rounds(restored);
        } catch (XGBoostError e) {
            restored.dispose();
            throw new IOException("cannot continue the booster of " + dir + ": " + e.getMessage(), e);
        }
        booster.dispose();
        booster = restored;
    }

    Booster booster() {
        return booster;
    }

    int rounds() {
        return rounds;
    }

    /** The parameters the booster trains with. */
    Map<String, Object> params() {
        return params;
    }

    /** Frees the booster and hands the data back to its source. */
    @Override
    public void close() {
        booster.dispose();
        source.close(data);
    }
}
