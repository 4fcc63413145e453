package io.jtune.engine.exec;

import java.util.List;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The daemon threads that run a local executor's trial workers, a thread reused across trials.
 * A worker started while another worker's thread is finishing (its trial told to stop, the thread
 * not back in the pool yet) waits for that thread instead of waking an idle one or starting a new
 * one: on a busy machine a thread that is running takes the next trial sooner than a parked one
 * that must be woken through the kernel and wait for a core (a cold run of 5,000 one-step trials on
 * 2 cores: a sixth of its time). A worker that no thread takes within {@link #HAND_OFF_WAIT_NANOS},
 * because the finishing thread is held up (a trainable's slow cleanup or final save), gets a thread
 * of its own at {@link #rescueWaiting}, which the driver calls while it waits for events; that
 * thread is then no longer counted on. Without that preference (an executor whose events go to a
 * sink, with no driver waiting on it) a worker is handed to an idle thread or a new one at once.
 */
final class TrialThreadPool {
    /** How long a started worker may wait for a finishing thread before it gets a thread of its own. */
    static final long HAND_OFF_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long KEEP_ALIVE_SECONDS = 60;

    private final ThreadFactory factory;
    /** Threads running a worker told to stop, which new workers may wait for. */
    private final AtomicInteger finishing = new AtomicInteger();
    private final HandOff handOff;
    private final ThreadPoolExecutor threads;
    private final boolean waitForFinishing;

    /** {@code waitForFinishing}: whether started workers may wait for a finishing thread (only when the driver calls {@link #rescueWaiting}). */
    TrialThreadPool(ThreadFactory factory, boolean waitForFinishing) {
        this.factory = factory;
        this.waitForFinishing = waitForFinishing;
        this.handOff = new HandOff(finishing);
        this.threads = new ThreadPoolExecutor(0, Integer.MAX_VALUE, KEEP_ALIVE_SECONDS, TimeUnit.SECONDS, handOff, factory) {
            @Override
            protected void afterExecute(Runnable task, Throwable thrown) {
                backInPool((TrialWorker) task);
            }
        };
    }

    /**
     * Takes a worker offered by the pool: an idle thread waiting for one, or, while a thread is
     * finishing, the queue that thread takes from next; else the pool starts a new thread.
     */
    private static final class HandOff extends LinkedTransferQueue<Runnable> {
        private final AtomicInteger finishing;

        HandOff(AtomicInteger finishing) {
            this.finishing = finishing;
        }

        @Override
        public boolean offer(Runnable task) {
            return tryTransfer(task) || finishing.get() > 0 && super.offer(task);
        }
    }

    void execute(TrialWorker worker) {
        threads.execute(worker);
    }

    /** The worker was told to stop: new workers may wait for its thread. */
    void finishing(TrialWorker worker) {
        if (waitForFinishing && worker.markFinishing()) {
            finishing.incrementAndGet();
        }
    }

    private void backInPool(TrialWorker worker) {
        if (worker.backInPool()) {
            finishing.decrementAndGet();
        }
    }

    /** True while a started worker waits for a finishing thread. */
    boolean hasWaiting() {
        return !handOff.isEmpty();
    }

    /**
     * Gives each worker still waiting a thread of its own, and no longer counts on the threads of
     * {@code stopped} (the workers told to stop) that have not come back.
     */
    void rescueWaiting(List<TrialWorker> stopped) {
        for (TrialWorker worker : stopped) {
            if (worker.stopCountingAsFinishing()) {
                finishing.decrementAndGet();
            }
        }
        for (Runnable task = handOff.poll(); task != null; task = handOff.poll()) {
            TrialWorker worker = (TrialWorker) task;
            factory.newThread(() -> {
                try {
                    worker.run();
                } finally {
                    backInPool(worker);
                }
            }).start();
        }
    }

    void shutdown() {
        threads.shutdown();
    }

    void shutdownNow() {
        threads.shutdownNow();
    }
}
