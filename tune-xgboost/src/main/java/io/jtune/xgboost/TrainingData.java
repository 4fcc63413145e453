package io.jtune.xgboost;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import ml.dmlc.xgboost4j.java.DMatrix;

/**
 * The matrices a booster trains on and is evaluated on: the training {@link DMatrix} and the
 * named watches, in the order they were added. Each round's metrics are reported per watch under
 * XGBoost's own names, {@code <watch>-<metric>} ({@code validation-logloss}, {@code train-auc}).
 * Immutable; {@link #watch} returns a new value.
 */
public final class TrainingData {
    private final DMatrix train;
    private final Map<String, DMatrix> watches;

    private TrainingData(DMatrix train, Map<String, DMatrix> watches) {
        this.train = train;
        this.watches = watches;
    }

    /** Training data with no watch yet (a trial then reports only {@code boosting_rounds}). */
    public static TrainingData train(DMatrix train) {
        return new TrainingData(Objects.requireNonNull(train, "training DMatrix"), Map.of());
    }

    /**
     * This data with one more watch. The name must be non-empty, without {@code '-'}, tab,
     * {@code ':'}, whitespace or {@code '/'} (it prefixes metric names), and not used yet.
     */
    public TrainingData watch(String name, DMatrix matrix) {
        Objects.requireNonNull(matrix, "DMatrix of watch '" + name + "'");
        if (name == null || name.isEmpty() || !name.chars().allMatch(TrainingData::nameCharacter)) {
            throw new IllegalArgumentException("watch name '" + name + "' must be non-empty and use letters, digits, '_' or '.' only"
                    + " (it prefixes the metric names, as in validation-logloss)");
        }
        if (watches.containsKey(name)) {
            throw new IllegalArgumentException("watch '" + name + "' is added twice: give each watch its own name");
        }
        Map<String, DMatrix> more = new LinkedHashMap<>(watches);
        more.put(name, matrix);
        return new TrainingData(train, Collections.unmodifiableMap(more));
    }

    private static boolean nameCharacter(int c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '.';
    }

    /** The matrix the booster trains on. */
    public DMatrix train() {
        return train;
    }

    /** The watches by name, in the order they were added. */
    public Map<String, DMatrix> watches() {
        return watches;
    }

    /** Frees the native memory of the training matrix and every watch (a matrix that is both is freed once: {@code DMatrix.dispose()} is idempotent). */
    public void dispose() {
        train.dispose();
        watches.values().forEach(DMatrix::dispose);
    }
}
