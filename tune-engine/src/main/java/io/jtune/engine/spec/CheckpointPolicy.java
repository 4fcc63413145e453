package io.jtune.engine.spec;

import io.jtune.api.Mode;

/**
 * When trials save checkpoints and how many are kept (Ray Tune's {@code CheckpointConfig}). A trial
 * also saves when a result carries {@code should_checkpoint = true}, whatever the frequency.
 *
 * @param frequency save every this many iterations (0 = never on a schedule)
 * @param atEnd save when the trial finishes
 * @param keep how many to keep (0 = all); the others are deleted, never the latest one
 * @param scoreAttribute the result metric ranking checkpoints for {@code keep} (null = by recency)
 * @param scoreMode {@code MAX} keeps the highest scores
 */
public record CheckpointPolicy(int frequency, boolean atEnd, int keep, String scoreAttribute, Mode scoreMode) {

    /** Ray Tune's default: no scheduled checkpoints, none at the end, keep all. */
    public static final CheckpointPolicy NONE = new CheckpointPolicy(0, false, 0, null, Mode.MAX);

    public CheckpointPolicy {
        if (frequency < 0) {
            throw new IllegalArgumentException("checkpoint frequency must be >= 0 iterations, got " + frequency);
        }
        if (keep < 0) {
            throw new IllegalArgumentException("checkpoints to keep must be >= 0 (0 = all), got " + keep);
        }
        if (scoreAttribute != null && scoreAttribute.isBlank()) {
            throw new IllegalArgumentException("checkpoint score attribute must be a metric name or null (rank by recency), got a blank name");
        }
        if (scoreMode == null) {
            throw new IllegalArgumentException("checkpoint score mode must be MIN or MAX, got null");
        }
    }

    /**
     * Whether this policy is {@link #NONE}, compared field by field (a record's own {@code equals}
     * costs a cold run about 50 ms on its first call, spent building its method handles).
     */
    public boolean sameAsNone() {
        return frequency == 0 && !atEnd && keep == 0 && scoreAttribute == null && scoreMode == Mode.MAX;
    }

    public static CheckpointPolicy every(int iterations) {
        return NONE.frequency(iterations);
    }

    public CheckpointPolicy frequency(int iterations) {
        return new CheckpointPolicy(iterations, atEnd, keep, scoreAttribute, scoreMode);
    }

    public CheckpointPolicy atEnd(boolean atEnd) {
        return new CheckpointPolicy(frequency, atEnd, keep, scoreAttribute, scoreMode);
    }

    /** Keeps the {@code n} best checkpoints by {@code scoreAttribute} (and always the latest). */
    public CheckpointPolicy keep(int n, String scoreAttribute, Mode scoreMode) {
        return new CheckpointPolicy(frequency, atEnd, n, scoreAttribute, scoreMode);
    }

    /** Keeps the {@code n} most recent checkpoints. */
    public CheckpointPolicy keepLatest(int n) {
        return new CheckpointPolicy(frequency, atEnd, n, null, Mode.MAX);
    }

    /**
     * Whether a trial saves after a result: at a multiple of the frequency, when the result asks
     * ({@code should_checkpoint}), or at the end when {@link #atEnd}.
     */
    public boolean wantsCheckpoint(long iteration, boolean requestedByResult, boolean ending) {
        return requestedByResult || (frequency > 0 && iteration % frequency == 0) || (ending && atEnd);
    }
}
