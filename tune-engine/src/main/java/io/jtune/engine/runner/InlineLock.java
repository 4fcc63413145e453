package io.jtune.engine.runner;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.function.BooleanSupplier;

/**
 * The runner's state lock as a reporting trial's thread takes it to decide its result inline: at
 * once, or by spinning for at most {@code spinNanos} while the lock is held and the driver still
 * waits for events (so the holder is another inline decision). Trials whose steps take the same
 * time report together; one decision takes microseconds, and the driver could not decide a queued
 * result before that lock is let go either, so a short spin spares the queued result's two
 * wake-ups (the driver's, then the trial's). It gives up at once when the driver stops waiting (it
 * may hold the lock for long), and when the time is up (a slow callback, or a holder that lost its
 * core): the result is then queued for the driver as before.
 */
final class InlineLock {
    /** How long a reporting thread spins for the lock at most. */
    static final long SPIN_NANOS = TimeUnit.MICROSECONDS.toNanos(20);

    private final Lock lock;
    private final BooleanSupplier driverWaits;
    private final long spinNanos;

    InlineLock(Lock lock, BooleanSupplier driverWaits, long spinNanos) {
        this.lock = lock;
        this.driverWaits = driverWaits;
        this.spinNanos = spinNanos;
    }

    /** Takes the lock (true), or gives up (false) when the driver stops waiting or the spin's time is up. */
    boolean tryLock() {
        if (lock.tryLock()) {
            return true;
        }
        long start = System.nanoTime();
        do {
            Thread.onSpinWait();
            if (!driverWaits.getAsBoolean()) {
                return false;
            }
            if (lock.tryLock()) {
                return true;
            }
        } while (System.nanoTime() - start < spinNanos);
        return false;
    }
}
