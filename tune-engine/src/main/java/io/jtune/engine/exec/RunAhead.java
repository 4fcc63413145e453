package io.jtune.engine.exec;

import io.jtune.api.Result;
import java.util.Map;

/**
 * How far one run of a trial may go ahead of the driver's decisions (Ray Tune's result buffering):
 * up to {@code results} reported results may wait for their decisions while the trainable steps on.
 * A paced window ({@link #paced}) also keeps the run from wasting training on results the driver
 * may stop it at: it opens as decisions come back (no more results unanswered than answered so
 * far, plus one) and holds the run once the unanswered results' steps took {@code aheadNanos}
 * together, so a run of long steps waits for each decision and a stop takes effect after at most
 * that much training (and the step in flight).
 * A result whose decision may ask for a save holds the run until every result is answered, so the
 * save holds that result's state: one at a multiple of {@code checkpointEvery} (0: no scheduled
 * checkpoints), or one carrying {@code should_checkpoint} or {@code done} = true.
 *
 * @param results how many reported results may be unanswered (1: wait for the decision on each)
 * @param checkpointEvery the checkpoint frequency in iterations the driver saves at, 0 for none
 * @param aheadNanos the step time the unanswered results may add up to before the run waits ({@link Long#MAX_VALUE}: no limit)
 * @param rampsUp whether the window opens only as decisions come back (see above)
 */
public record RunAhead(int results, int checkpointEvery, long aheadNanos, boolean rampsUp) {
    /** Waits for the decision on each result. */
    public static final RunAhead NONE = new RunAhead(1, 0);

    /** Up to {@code results} unanswered results, however long their steps took, from the first result on. */
    public RunAhead(int results, int checkpointEvery) {
        this(results, checkpointEvery, Long.MAX_VALUE, false);
    }

    /** A window of up to {@code results} that opens as decisions come back and holds the run once the unanswered steps took {@code aheadNanos}. */
    public static RunAhead paced(int results, long aheadNanos) {
        return new RunAhead(results, 0, aheadNanos, true);
    }

    public RunAhead {
        if (results < 1) {
            throw new IllegalArgumentException("the result buffer must be >= 1 (1 = wait for the decision on each result), got " + results);
        }
        if (checkpointEvery < 0) {
            throw new IllegalArgumentException("the checkpoint frequency must be >= 0 iterations, got " + checkpointEvery);
        }
        if (aheadNanos < 1) {
            throw new IllegalArgumentException("the step time a run may go ahead must be >= 1 ns, got " + aheadNanos);
        }
    }

    /** This buffer at the experiment's checkpoint frequency. */
    public RunAhead withCheckpointEvery(int frequency) {
        return new RunAhead(results, frequency, aheadNanos, rampsUp);
    }

    /** True when the run must wait for the decision on the result of {@code iteration} before its next step. */
    public boolean holdsAt(long iteration, Map<String, ?> metrics) {
        return checkpointEvery > 0 && iteration % checkpointEvery == 0
                || Boolean.TRUE.equals(metrics.get(Result.SHOULD_CHECKPOINT)) || Boolean.TRUE.equals(metrics.get(Result.DONE));
    }
}
