package io.jtune.engine.trial;

import java.util.concurrent.TimeUnit;

/**
 * How long a failed trial waits before it is retried: not at all after its first failure (as in
 * Ray Tune), then {@value #FIRST_DELAY_MS} ms doubling with every further failure, capped at
 * {@value #MAX_DELAY_MS} ms. A trainable that always throws with {@code maxFailures(-1)} thus
 * retries about twice a minute instead of as fast as the machine allows.
 */
public final class RetryBackoff {
    static final long FIRST_DELAY_MS = 100;
    static final long MAX_DELAY_MS = 30_000;
    /** 100 ms x 2^9 > 30 s: beyond this many doublings the cap holds. */
    private static final int MAX_DOUBLINGS = 9;

    private RetryBackoff() {
    }

    /** The wait before the retry that follows failure number {@code failures} (1-based), in nanoseconds. */
    public static long delayNanos(int failures) {
        if (failures <= 1) {
            return 0;
        }
        long millis = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS << Math.min(failures - 2, MAX_DOUBLINGS));
        return TimeUnit.MILLISECONDS.toNanos(millis);
    }
}
