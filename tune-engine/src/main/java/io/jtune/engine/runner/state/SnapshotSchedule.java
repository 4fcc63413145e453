package io.jtune.engine.runner.state;

import java.time.Duration;

/**
 * When the experiment snapshot is written: after a state change, once the period has passed since
 * the last write. The period is at least the configured one and grows so that writing takes at most
 * 5% of the run time (Ray Tune's "auto" checkpoint period: 19 x the last write's duration).
 */
public final class SnapshotSchedule {
    private static final long SHARE_FACTOR = 19;

    private final long minPeriodNanos;
    private long periodNanos;
    private long lastWrite = Long.MIN_VALUE;
    private boolean dirty;
    private int writes;
    private long writeNanos;

    public SnapshotSchedule(Duration minPeriod) {
        this.minPeriodNanos = minPeriod.toNanos();
        this.periodNanos = minPeriodNanos;
    }

    public void changed() {
        dirty = true;
    }

    public boolean due(long nowNanos) {
        return dirty && (lastWrite == Long.MIN_VALUE || nowNanos - lastWrite >= periodNanos);
    }

    /**
     * Records a write that started at {@code startNanos} and took {@code tookNanos}. The first
     * write, slowed by class loading and a cold JIT, does not stretch the period.
     */
    public void wrote(long startNanos, long tookNanos) {
        boolean first = writes == 0;
        dirty = false;
        writes++;
        writeNanos += tookNanos;
        lastWrite = startNanos;
        if (!first) {
            periodNanos = Math.max(minPeriodNanos, SHARE_FACTOR * tookNanos);
        }
    }

    /** True once a snapshot was written (a run with output files off writes none). */
    public boolean taken() {
        return writes > 0;
    }

    /** How many snapshots were taken and their share of {@code runNanos} on the driver, for the log. */
    public String summary(long runNanos) {
        return String.format(java.util.Locale.ROOT, "%d snapshot(s) took %.1f ms on the driver, %.2f%% of the run's %.1f ms",
                writes, writeNanos / 1e6, runNanos == 0 ? 0 : 100.0 * writeNanos / runNanos, runNanos / 1e6);
    }
}
