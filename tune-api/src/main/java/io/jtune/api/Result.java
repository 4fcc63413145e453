package io.jtune.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * One reported result of a trial: the trainable's metrics plus the auto fields the runner fills,
 * named as in Ray Tune. Immutable. {@link #getDouble} gives NaN for a value that is not a number,
 * so comparisons by {@link Mode} never pick it as best.
 */
public final class Result {
    public static final String TRAINING_ITERATION = "training_iteration";
    public static final String TIME_THIS_ITER_S = "time_this_iter_s";
    public static final String TIME_TOTAL_S = "time_total_s";
    public static final String TIMESTAMP = "timestamp";
    public static final String DATE = "date";
    public static final String TRIAL_ID = "trial_id";
    public static final String EXPERIMENT_TAG = "experiment_tag";
    public static final String DONE = "done";
    public static final String PID = "pid";
    public static final String HOSTNAME = "hostname";
    public static final String NODE_IP = "node_ip";
    public static final String TIME_SINCE_RESTORE = "time_since_restore";
    public static final String ITERATIONS_SINCE_RESTORE = "iterations_since_restore";
    public static final String CONFIG = "config";
    /** A metric a trainable may report to ask for a checkpoint after this result. */
    public static final String SHOULD_CHECKPOINT = "should_checkpoint";

    private final Map<String, Object> values;

    private Result(Map<String, Object> values) {
        this.values = values;
    }

    /** A result holding a copy of the given values, in their order. */
    public static Result of(Map<String, ?> values) {
        return new Result(Collections.unmodifiableMap(new LinkedHashMap<>(values)));
    }

    /** Takes ownership of a map the caller will no longer touch (no copy). */
    public static Result wrap(LinkedHashMap<String, Object> owned) {
        return new Result(Collections.unmodifiableMap(owned));
    }

    /**
     * An equal result that takes about a quarter of the memory (its keys and values in two arrays,
     * the keys shared with the result compacted just before when they are the same), for results
     * kept long, such as the last result of a finished trial. Lookups scan the keys.
     */
    public Result compact() {
        return values instanceof CompactMap ? this : new Result(CompactMap.of(values));
    }

    /**
     * This result with {@code done} = true (added last when absent): a view sharing this result's
     * values, no copy; this result stays as it is. Returns this result when it is done already.
     */
    public Result withDone() {
        return done() ? this : new Result(new DoneView(values));
    }

    public boolean has(String key) {
        return values.containsKey(key);
    }

    /** The raw value, or null when absent. */
    public Object get(String key) {
        return values.get(key);
    }

    /** The value as a double; NaN when absent or not a number (booleans count as 0/1). */
    public double getDouble(String key) {
        Object v = values.get(key);
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        if (v instanceof Boolean b) {
            return b ? 1 : 0;
        }
        return Double.NaN;
    }

    /** The value as a double; throws naming the metric and the metrics present when absent. */
    public double require(String metric) {
        if (!values.containsKey(metric)) {
            throw new NoSuchElementException("result has no metric '" + metric + "'; it reports " + values.keySet());
        }
        return getDouble(metric);
    }

    public long trainingIteration() {
        return (long) getDouble(TRAINING_ITERATION);
    }

    public double timeTotalS() {
        return getDouble(TIME_TOTAL_S);
    }

    public boolean done() {
        return Boolean.TRUE.equals(values.get(DONE));
    }

    public String trialId() {
        Object v = values.get(TRIAL_ID);
        return v == null ? null : v.toString();
    }

    /** Every key and value, in order (read-only). */
    public Map<String, Object> asMap() {
        return values;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Result r && values.equals(r.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
