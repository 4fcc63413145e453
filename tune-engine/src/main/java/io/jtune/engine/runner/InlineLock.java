package io.jtune.engine.runner;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.function.BooleanSupplier;

/**
 * The runner's state lock as a reporting trial's thread takes it to decide its result inline: at
 * once; else, while the driver still waits for events (so the holder is another inline decision),
 * by spinning for at most {@code spinNanos} and then waiting in the lock's queue for at most
 * {@code waitNanos}, woken by the holder when it lets go. Trials whose steps take the same time
 * report together and their decisions take turns; a result queued instead would wake the sleeping
 * driver, which could not decide it before the lock is let go either, and then the trial: two
 * wake-ups where the wait costs at most one, and a driver awake meanwhile closes inline decisions to
 * the rest of the burst. It gives up at once when the driver has stopped waiting by the end of the
 * spin (it may hold the lock for long), and when the wait is over or interrupted (the interrupt is
 * kept): the result is then queued for the driver as before. A lock taken after the driver stopped
 * waiting is the caller's to check ({@link EventIntake#openToInline()}) and to let go.
 */
final class InlineLock {
    /** How long a reporting thread spins for the lock at most before it waits in the lock's queue. */
    static final long SPIN_NANOS = TimeUnit.MICROSECONDS.toNanos(20);
    /** How long it then waits for the lock at most: a burst of dozens of decisions of microseconds each. */
    static final long WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final Lock lock;
    private final BooleanSupplier driverWaits;
    private final long spinNanos;
    private final long waitNanos;

    InlineLock(Lock lock, BooleanSupplier driverWaits, long spinNanos, long waitNanos) {
        this.lock = lock;
        this.driverWaits = driverWaits;
        this.spinNanos = spinNanos;
        this.waitNanos = waitNanos;
    }

    /** Takes the lock (true), or gives up (false) when the driver stops waiting before the wait, or the wait is over or interrupted. */
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
        if (!driverWaits.getAsBoolean()) {
            return false;
        }
        try {
            return lock.tryLock(waitNanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
