package io.jtune.engine.exec;

import io.jtune.api.Result;
import java.util.Map;

/**
 * How far one run of a trial may go ahead of the driver's decisions (Ray Tune's result buffering):
 * up to {@code results} reported results may wait for their decisions while the trainable steps on.
 * A result whose decision may ask for a save holds the run until every result is answered, so the
 * save holds that result's state: one at a multiple of {@code checkpointEvery} (0: no scheduled
 * checkpoints), or one carrying {@code should_checkpoint} or {@code done} = true.
 *
 * @param results how many reported results may be unanswered (1: wait for the decision on each)
 * @param checkpointEvery the checkpoint frequency in iterations the driver saves at, 0 for none
 */
public record RunAhead(int results, int checkpointEvery) {
    /** Waits for the decision on each result. */
    public static final RunAhead NONE = new RunAhead(1, 0);

    public RunAhead {
        if (results < 1) {
            throw new IllegalArgumentException("the result buffer must be >= 1 (1 = wait for the decision on each result), got " + results);
        }
        if (checkpointEvery < 0) {
            throw new IllegalArgumentException("the checkpoint frequency must be >= 0 iterations, got " + checkpointEvery);
        }
    }

    /** True when the run must wait for the decision on the result of {@code iteration} before its next step. */
    public boolean holdsAt(long iteration, Map<String, ?> metrics) {
        return checkpointEvery > 0 && iteration % checkpointEvery == 0
                || Boolean.TRUE.equals(metrics.get(Result.SHOULD_CHECKPOINT)) || Boolean.TRUE.equals(metrics.get(Result.DONE));
    }
}
