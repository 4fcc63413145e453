package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;

class InlineLockTest {
    private static final long HOUR = TimeUnit.HOURS.toNanos(1);

    private final ReentrantLock lock = new ReentrantLock();
    private final AtomicBoolean driverWaits = new AtomicBoolean(true);

    /** Holds the lock on another thread until {@code release} opens; returns once it holds it. */
    private Thread holdLock(CountDownLatch release) throws InterruptedException {
        CountDownLatch held = new CountDownLatch(1);
        Thread holder = new Thread(() -> {
            lock.lock();
            try {
                held.countDown();
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                lock.unlock();
            }
        }, "holder");
        holder.start();
        held.await();
        return holder;
    }

    @Test
    void aFreeLockIsTakenAtOnce() {
        InlineLock inline = new InlineLock(lock, driverWaits::get, 0);
        assertTrue(inline.tryLock());
        assertTrue(lock.isHeldByCurrentThread());
        lock.unlock();
    }

    @Test
    void whileTheDriverWaitsALockHeldByAnotherDecisionIsTakenOnceLetGo() throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        Thread holder = holdLock(release);
        InlineLock inline = new InlineLock(lock, () -> {
            release.countDown(); // the holder lets go once the spin has begun
            return driverWaits.get();
        }, HOUR);

        assertTrue(inline.tryLock(), "a result reported during another's inline decision is decided inline too, not queued");
        assertTrue(lock.isHeldByCurrentThread());
        lock.unlock();
        holder.join();
    }

    /** Tries {@code inline} while another thread holds the lock, then lets that thread go. */
    private boolean triedWhileHeldElsewhere(InlineLock inline) throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        Thread holder = holdLock(release);
        try {
            return inline.tryLock();
        } finally {
            release.countDown();
            holder.join();
        }
    }

    @Test
    void itGivesUpAtOnceWhenTheDriverStopsWaiting() throws InterruptedException {
        driverWaits.set(false);
        assertFalse(triedWhileHeldElsewhere(new InlineLock(lock, driverWaits::get, HOUR)), "the driver may hold the lock for long: the result is queued");
    }

    @Test
    void itGivesUpWhenTheSpinsTimeIsUp() throws InterruptedException {
        assertFalse(triedWhileHeldElsewhere(new InlineLock(lock, driverWaits::get, TimeUnit.MILLISECONDS.toNanos(1))),
                "a holder that keeps the lock: the result is queued");
    }
}
