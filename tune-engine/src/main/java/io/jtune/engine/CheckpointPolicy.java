package io.jtune.engine;

/**
 * When trials save checkpoints and how many are kept (Ray Tune's {@code CheckpointConfig}).
 *
 * @param frequency save every this many iterations (0 = never on a schedule)
 * @param atEnd save when the trial finishes
 * @param keep how many to keep (0 = all); the others are deleted, never the latest one
 * @param scoreAttribute the result metric ranking checkpoints for {@code keep} (null = by recency)
 * @param scoreMode {@code MAX} keeps the highest scores
 */
public record CheckpointPolicy(int frequency, boolean atEnd, int keep, String scoreAttribute, io.jtune.api.Mode scoreMode) {

    public static final CheckpointPolicy NONE = new CheckpointPolicy(0, false, 0, null, io.jtune.api.Mode.MAX);

    public CheckpointPolicy {
        if (frequency < 0) {
            throw new IllegalArgumentException("checkpoint frequency must be >= 0 iterations, got " + frequency);
        }
        if (keep < 0) {
            throw new IllegalArgumentException("checkpoints to keep must be >= 0 (0 = all), got " + keep);
        }
    }

    public static CheckpointPolicy every(int iterations) {
        return new CheckpointPolicy(iterations, false, 0, null, io.jtune.api.Mode.MAX);
    }

    public CheckpointPolicy atEnd(boolean atEnd) {
        return new CheckpointPolicy(frequency, atEnd, keep, scoreAttribute, scoreMode);
    }

    public CheckpointPolicy keep(int n, String scoreAttribute, io.jtune.api.Mode scoreMode) {
        return new CheckpointPolicy(frequency, atEnd, n, scoreAttribute, scoreMode);
    }
}
