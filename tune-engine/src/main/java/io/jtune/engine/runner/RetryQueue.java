package io.jtune.engine.runner;

import io.jtune.engine.trial.Trial;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The failed trials waiting out their retry back-off: PENDING, but not startable before their
 * {@code retryAtNanos}. A trial whose time has come leaves the queue with {@code retryAtNanos} 0
 * ("no retry waiting"), so the runner may start it. Driver thread only.
 */
final class RetryQueue {
    private final List<Trial> waiting = new ArrayList<>();

    /** Holds {@code trial} back for {@code delayNanos} from now. */
    void holdBack(Trial trial, long delayNanos) {
        trial.retryAt((System.nanoTime() + delayNanos) | 1); // never 0, which means "no retry waiting"
        waiting.add(trial);
    }

    boolean isEmpty() {
        return waiting.isEmpty();
    }

    /** Releases every trial whose retry time is {@code now} or earlier. */
    void releaseDue(long now) {
        for (Iterator<Trial> it = waiting.iterator(); it.hasNext(); ) {
            Trial trial = it.next();
            if (now - trial.retryAtNanos() >= 0) {
                it.remove();
                trial.retryAt(0);
            }
        }
    }

    /** The earliest retry time of a waiting trial; {@link Long#MAX_VALUE} when none waits. */
    long nextRetryAt() {
        long next = Long.MAX_VALUE;
        for (Trial trial : waiting) {
            next = Math.min(next, trial.retryAtNanos());
        }
        return next;
    }

    /** Releases every waiting trial at once (the experiment stops: no retry will run). */
    void clear() {
        for (Trial trial : waiting) {
            trial.retryAt(0);
        }
        waiting.clear();
    }
}
