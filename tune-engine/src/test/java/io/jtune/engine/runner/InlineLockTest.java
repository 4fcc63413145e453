package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
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
        InlineLock inline = new InlineLock(lock, driverWaits::get, 0, 0);
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
        }, HOUR, 0);

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
        assertFalse(triedWhileHeldElsewhere(new InlineLock(lock, driverWaits::get, HOUR, HOUR)), "the driver may hold the lock for long: the result is queued");
    }

    @Test
    void itGivesUpWhenTheWaitIsOver() throws InterruptedException {
        long millisecond = TimeUnit.MILLISECONDS.toNanos(1);
        assertFalse(triedWhileHeldElsewhere(new InlineLock(lock, driverWaits::get, millisecond, millisecond)),
                "a holder that keeps the lock: the result is queued");
    }

    /** Starts {@code body} on a thread of its own and returns once that thread waits in the lock's queue (or has ended). */
    private Thread startedInLockQueue(Runnable body) {
        Thread trying = new Thread(body, "trying");
        trying.start();
        while (!lock.hasQueuedThread(trying) && trying.isAlive()) {
            Thread.onSpinWait();
        }
        return trying;
    }

    /**
     * Tries {@code inline} on a thread of its own while another thread holds the lock, lets that
     * holder go once the trying thread waits in the lock's queue (or has ended), and returns what the
     * try returned.
     */
    private boolean triedWhileHeldUntilItWaits(InlineLock inline) throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        Thread holder = holdLock(release);
        AtomicBoolean took = new AtomicBoolean();
        Thread trying = startedInLockQueue(() -> {
            took.set(inline.tryLock());
            if (took.get()) {
                lock.unlock();
            }
        });
        release.countDown();
        trying.join();
        holder.join();
        return took.get();
    }

    @Test
    void afterTheSpinItWaitsInTheLocksQueueAndTakesTheLockWhenLetGo() throws InterruptedException {
        assertTrue(triedWhileHeldUntilItWaits(new InlineLock(lock, driverWaits::get, 0, HOUR)),
                "a decision that outlasts the spin is waited for, not answered by queueing the result");
    }

    @Test
    void itDoesNotWaitWhenTheDriverStoppedWaitingDuringTheSpin() throws InterruptedException {
        AtomicInteger asked = new AtomicInteger();
        BooleanSupplier wakesAfterTheFirstLook = () -> asked.getAndIncrement() == 0;
        assertFalse(triedWhileHeldUntilItWaits(new InlineLock(lock, wakesAfterTheFirstLook, 0, HOUR)),
                "the awake driver may hold the lock for long: the result is queued, not waited for");
    }

    @Test
    void anInterruptedWaitGivesUpAndKeepsTheInterrupt() throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        Thread holder = holdLock(release);
        AtomicBoolean took = new AtomicBoolean(true);
        AtomicBoolean interrupted = new AtomicBoolean();
        InlineLock inline = new InlineLock(lock, driverWaits::get, 0, HOUR);
        Thread trying = startedInLockQueue(() -> {
            took.set(inline.tryLock());
            interrupted.set(Thread.currentThread().isInterrupted());
        });

        trying.interrupt();
        trying.join();
        release.countDown();
        holder.join();
        assertFalse(took.get(), "an abandoned trial's thread stops waiting for the lock");
        assertTrue(interrupted.get(), "the interrupt is kept for the trial's code");
    }
}
