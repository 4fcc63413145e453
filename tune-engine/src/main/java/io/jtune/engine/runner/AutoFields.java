package io.jtune.engine.runner;

import io.jtune.api.Result;
import io.jtune.engine.exec.LocalHost;
import io.jtune.engine.output.DateStamp;
import io.jtune.engine.trial.Trial;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
/**
 * Fills the auto fields of a result as Ray Tune's {@code Trainable.train()} does: the trainable's
 * metrics first, then {@code done} (default false), {@code training_iteration},
 * {@code time_this_iter_s} (the trainable's own value when it reports one, else the measured step
 * time), {@code time_total_s}, {@code timestamp} (epoch seconds; the trainable's own when reported),
 * {@code date}, {@code trial_id}, {@code experiment_tag}, {@code pid}, {@code hostname},
 * {@code node_ip}, {@code time_since_restore}, {@code iterations_since_restore} and {@code config}
 * (the trial's {@link io.jtune.api.Config}). The driver's only (one call at a time, under the runner's lock).
 */
final class AutoFields {
    /** The keys this class fills. */
    static final Set<String> NAMES = Set.of(Result.DONE, Result.TRAINING_ITERATION, Result.TIME_THIS_ITER_S, Result.TIME_TOTAL_S,
            Result.TIMESTAMP, Result.DATE, Result.TRIAL_ID, Result.EXPERIMENT_TAG, Result.PID, Result.HOSTNAME, Result.NODE_IP,
            Result.TIME_SINCE_RESTORE, Result.ITERATIONS_SINCE_RESTORE, Result.CONFIG);

    private long dateSecond = Long.MIN_VALUE;
    private String date;

    /** Counts one iteration on the trial and returns its full result. */
    Result fill(Trial trial, Map<String, ?> metrics, long stepNanos) {
        LinkedHashMap<String, Object> values = new LinkedHashMap<>((metrics.size() + NAMES.size()) * 4 / 3 + 1);
        values.putAll(metrics);
        Object reportedTime = metrics.get(Result.TIME_THIS_ITER_S);
        double seconds = reportedTime instanceof Number n ? n.doubleValue() : stepNanos / 1e9;
        trial.advance(seconds);
        long nowSecond = System.currentTimeMillis() / 1000;
        values.putIfAbsent(Result.DONE, Boolean.FALSE);
        values.put(Result.TRAINING_ITERATION, trial.iteration());
        values.put(Result.TIME_THIS_ITER_S, seconds);
        values.put(Result.TIME_TOTAL_S, trial.timeTotalS());
        if (!(metrics.get(Result.TIMESTAMP) instanceof Number)) {
            values.put(Result.TIMESTAMP, nowSecond);
        }
        values.put(Result.DATE, dateOf(nowSecond));
        values.put(Result.TRIAL_ID, trial.id());
        values.put(Result.EXPERIMENT_TAG, trial.experimentTag());
        // where the trial ran: a worker in another JVM or on another node reports its own
        values.putIfAbsent(Result.PID, LocalHost.pid());
        values.putIfAbsent(Result.HOSTNAME, LocalHost.name());
        values.putIfAbsent(Result.NODE_IP, LocalHost.ip());
        values.put(Result.TIME_SINCE_RESTORE, trial.timeSinceRestore());
        values.put(Result.ITERATIONS_SINCE_RESTORE, trial.iterationsSinceRestore());
        values.put(Result.CONFIG, trial.config());
        return Result.wrap(values);
    }

    private String dateOf(long epochSecond) {
        if (epochSecond != dateSecond) {
            dateSecond = epochSecond;
            date = DateStamp.ofEpochSecond(epochSecond);
        }
        return date;
    }
}
