package io.jtune.engine.runner;

import java.time.Duration;

/**
 * When the experiment snapshot is written: after a state change, once the period has passed since
 * the last write. The period is at least the configured one and grows so that writing takes at most
 * 5% of the run time (Ray Tune's "auto" checkpoint period: 19 x the last write's duration).
 */
final class SnapshotSchedule {
    private static final long SHARE_FACTOR = 19;

    private final long minPeriodNanos;
    private long periodNanos;
    private long lastWrite = Long.MIN_VALUE;
    private boolean dirty;

    SnapshotSchedule(Duration minPeriod) {
        this.minPeriodNanos = minPeriod.toNanos();
        this.periodNanos = minPeriodNanos;
    }

    void changed() {
        dirty = true;
    }

    boolean due(long nowNanos) {
        return dirty && (lastWrite == Long.MIN_VALUE || nowNanos - lastWrite >= periodNanos);
    }

    /** Records a write that started at {@code startNanos} and took {@code tookNanos}. */
    void wrote(long startNanos, long tookNanos) {
        dirty = false;
        lastWrite = startNanos;
        periodNanos = Math.max(minPeriodNanos, SHARE_FACTOR * tookNanos);
    }
}
