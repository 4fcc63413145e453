package io.jtune.xgboost;

import io.jtune.api.trainable.CheckpointDir;
import io.jtune.api.trainable.Session;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import ml.dmlc.xgboost4j.java.Booster;
import ml.dmlc.xgboost4j.java.DMatrix;
import ml.dmlc.xgboost4j.java.XGBoostError;

/**
 * Reports and checkpoints a boosting loop the user writes himself, in a function trainable (the
 * role of Ray Tune's {@code TuneReportCheckpointCallback} and Optuna's
 * {@code XGBoostPruningCallback}): after each round, {@link #afterRound} evaluates the watches,
 * reports their metrics under XGBoost's names with {@code boosting_rounds}, and every
 * {@link #checkpointEvery n} rounds the booster as the checkpoint. A scheduler that stops or pauses
 * the trial does so by making {@code afterRound} throw {@code TrialStoppedSignal}; let it propagate.
 *
 * <pre>{@code
 * XGBoostReportCallback callback = XGBoostReportCallback.of(session, Map.of("validation", valid));
 * Booster booster = callback.booster(train, params);
 * try {
 *     for (int round = callback.firstRound(); round < 200; round++) {
 *         booster.update(train, round);
 *         callback.afterRound(booster, round);
 *     }
 * } finally {
 *     booster.dispose();
 * }
 * }</pre>
 */
public final class XGBoostReportCallback {
    private final Session session;
    private final Watches watches;
    private final int frequency;
    private int firstRound;

    private XGBoostReportCallback(Session session, Watches watches, int frequency) {
        this.session = session;
        this.watches = watches;
        this.frequency = frequency;
    }

    /** A callback reporting the given watches (by name, in the map's order) and checkpointing every round. */
    public static XGBoostReportCallback of(Session session, Map<String, DMatrix> watches) {
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(watches, "watches");
        return new XGBoostReportCallback(session, new Watches(new LinkedHashMap<>(watches)), 1);
    }

    /** This callback checkpointing every {@code rounds} rounds (and never when {@code rounds} is 0). */
    public XGBoostReportCallback checkpointEvery(int rounds) {
        if (rounds < 0) {
            throw new IllegalArgumentException("checkpointEvery(" + rounds + "): give a number of rounds, or 0 for no checkpoints");
        }
        return new XGBoostReportCallback(session, watches, rounds);
    }

    /**
     * The booster to train: the one of the checkpoint the trial resumes from (after a pause, an
     * exploit or a retry), or a new one on a fresh start; either way with {@code params} (plus
     * {@code nthread} = the trial's CPUs and {@code seed_per_iteration} = true unless set). The
     * caller owns it ({@code dispose()} it). Sets {@link #firstRound}.
     */
    public Booster booster(DMatrix train, Map<String, ?> params) throws IOException, XGBoostError {
        Map<String, Object> all = BoosterParams.withDefaults(new LinkedHashMap<>(params));
        Optional<CheckpointDir> checkpoint = session.checkpoint();
        if (checkpoint.isEmpty()) {
            firstRound = 0;
            return BoosterParams.newBooster(train, all);
        }
        Booster booster = BoosterCheckpoint.read(checkpoint.get().path());
        BoosterParams.apply(booster, all);
        firstRound = BoosterCheckpoint.rounds(booster);
        return booster;
    }

    /** The index of the next round to train: the rounds the resumed booster had done, 0 on a fresh start. */
    public int firstRound() {
        return firstRound;
    }

    /** Reports the metrics after round {@code round} (0-based) and, when due, the booster as a checkpoint. */
    public void afterRound(Booster booster, int round) throws IOException, XGBoostError {
        Map<String, Object> metrics = new LinkedHashMap<>();
        watches.evaluate(booster, round, metrics);
        int rounds = round + 1;
        metrics.put(BoostingRun.ROUNDS, rounds);
        if (frequency > 0 && rounds % frequency == 0) {
            Path dir = Files.createTempDirectory(Files.createDirectories(session.trialDir()), ".booster-");
            BoosterCheckpoint.write(booster, rounds, dir);
            session.report(metrics, CheckpointDir.fromDirectory(dir));
        } else {
            session.report(metrics);
        }
    }
}
