package io.jtune.report;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs work the driver thread hands over on a thread of its own, in the order handed over. The
 * driver only appends to a lock-free queue: no lock, no wake-up call; the thread looks at the
 * queue every {@value #PERIOD_MILLIS} ms. The first failure of a task is thrown by the driver's
 * next {@link #submit} and by {@link #close()}, which runs what is queued and ends the thread.
 */
final class DriverHandOff implements AutoCloseable {
    static final long PERIOD_MILLIS = 50;
    private static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(PERIOD_MILLIS);

    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final Thread thread;
    private volatile boolean closing;
    private volatile RuntimeException failure;

    /** Starts the thread, named {@code name}. */
    DriverHandOff(String name) {
        thread = new Thread(this::loop, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Queues {@code task}; throws the failure of an earlier task. */
    void submit(Runnable task) {
        throwFailure();
        tasks.add(task);
    }

    private void loop() {
        while (true) {
            boolean last = closing;
            for (Runnable task = tasks.poll(); task != null; task = tasks.poll()) {
                if (failure == null) {
                    try {
                        task.run();
                    } catch (RuntimeException e) {
                        failure = e;
                    }
                }
            }
            if (last) {
                return;
            }
            LockSupport.parkNanos(this, PERIOD_NANOS);
        }
    }

    /** Runs what is queued, waits for it and ends the thread; throws the first failure. */
    @Override
    public void close() {
        closing = true;
        LockSupport.unpark(thread);
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        throwFailure();
    }

    private void throwFailure() {
        RuntimeException e = failure;
        if (e != null) {
            throw e;
        }
    }
}
