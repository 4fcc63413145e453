package io.jtune.engine.exec;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The daemon threads that run a local executor's trial workers, a thread reused across trials (an
 * idle one is kept for a minute, the one parked last taken first). A worker started while another
 * worker's thread is finishing (its trial told to stop, the thread not back yet) waits for that
 * thread, even when an idle one could take it: a thread that is running takes the next trial
 * without a wake-up through the kernel, sooner than a new thread starts or a parked one wakes
 * (taking an idle thread first cost a wake-up for nearly every trial of a cold run of 5,000
 * one-step trials on 2 cores, where a third thread had started early on). A worker no thread
 * takes within {@link #HAND_OFF_WAIT_NANOS}, because the finishing thread is held up (a trainable's
 * slow cleanup or final save), gets an idle thread or a new one at {@link #rescueWaiting}, which the driver
 * calls while it waits for events; the held thread is then no longer counted on. A worker started
 * on the finishing thread itself while the driver sleeps (the runner starts the next trial there
 * only when that thread runs no user code before it is back, {@link EventSink#postResult}) needs no
 * such timer. Without that
 * preference (an executor whose events go to a sink, with no driver waiting on it) a worker gets an
 * idle thread or a new one at once. Threads park and are unparked; none spins or yields, so a busy
 * machine delays a hand-off by no more than a wake-up.
 */
final class TrialThreadPool {
    /** How long a started worker may wait for a finishing thread before it gets a thread of its own. */
    static final long HAND_OFF_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long KEEP_ALIVE_NANOS = TimeUnit.SECONDS.toNanos(60);

    private final ThreadFactory factory;
    private final boolean waitForFinishing;
    /** Started workers no thread has taken yet; guarded by this. */
    private final ArrayDeque<TrialWorker> waiting = new ArrayDeque<>();
    /** Threads parked for a worker, the one parked last first; guarded by this. */
    private final ArrayDeque<PoolThread> idle = new ArrayDeque<>();
    /** Every thread of the pool; guarded by this. */
    private final Set<PoolThread> all = new HashSet<>();
    /** Threads whose worker was told to stop and that are not back yet; guarded by this. */
    private int finishing;
    /** Set by {@link #shutdown}: threads exit once no worker waits; guarded by this. */
    private boolean shutdown;

    /** {@code waitForFinishing}: whether started workers may wait for a finishing thread (only when the driver calls {@link #rescueWaiting}). */
    TrialThreadPool(ThreadFactory factory, boolean waitForFinishing) {
        this.factory = factory;
        this.waitForFinishing = waitForFinishing;
    }

    /** One thread of the pool: runs its first worker, then the workers handed to it, until it idles out or the pool shuts down. */
    private final class PoolThread implements Runnable {
        private Thread thread;
        /** A worker handed to this thread while it was parked. */
        private volatile TrialWorker handed;
        private final TrialWorker first;

        PoolThread(TrialWorker first) {
            this.first = first;
        }

        @Override
        public void run() {
            for (TrialWorker worker = first; worker != null; worker = nextWorker(this, worker)) {
                Thread.interrupted(); // an interrupt meant for the previous worker's trainable ends with it
                worker.run();
            }
        }
    }

    void execute(TrialWorker worker) {
        synchronized (this) {
            if (waitForFinishing && finishing > waiting.size()) {
                waiting.add(worker);
                return;
            }
        }
        giveThread(worker);
    }

    /** Hands the worker to the idle thread parked last, or to a new thread. */
    private void giveThread(TrialWorker worker) {
        PoolThread parked;
        synchronized (this) {
            parked = idle.pollFirst();
            if (parked != null) {
                parked.handed = worker;
            }
        }
        if (parked != null) {
            LockSupport.unpark(parked.thread);
        } else {
            start(worker);
        }
    }

    private void start(TrialWorker first) {
        PoolThread pooled = new PoolThread(first);
        Thread thread = factory.newThread(pooled);
        pooled.thread = thread;
        synchronized (this) {
            all.add(pooled);
        }
        thread.start();
    }

    /** After {@code done}: a waiting worker, or one handed over while parked; null when the thread is to end. */
    private TrialWorker nextWorker(PoolThread self, TrialWorker done) {
        synchronized (this) {
            if (done.backInPool()) {
                finishing--;
            }
            TrialWorker worker = waiting.poll();
            if (worker != null) {
                return worker;
            }
            if (shutdown) {
                all.remove(self);
                return null;
            }
            self.handed = null;
            idle.addFirst(self);
        }
        long deadline = System.nanoTime() + KEEP_ALIVE_NANOS;
        while (true) {
            LockSupport.parkNanos(this, deadline - System.nanoTime());
            TrialWorker handed = self.handed;
            if (handed != null) {
                return handed;
            }
            boolean interrupted = Thread.interrupted();
            synchronized (this) {
                if (self.handed != null) {
                    return self.handed;
                }
                if (shutdown || interrupted || deadline - System.nanoTime() <= 0) {
                    idle.remove(self);
                    all.remove(self);
                    return null;
                }
            }
        }
    }

    /** The worker was told to stop: a worker started next may wait for its thread. */
    synchronized void finishing(TrialWorker worker) {
        if (waitForFinishing && worker.markFinishing()) {
            finishing++;
        }
    }

    /** True while a started worker waits for a finishing thread. */
    synchronized boolean hasWaiting() {
        return !waiting.isEmpty();
    }

    /**
     * Gives each worker still waiting an idle thread or a new one, and no longer counts on the
     * threads of {@code stopped} (the workers told to stop) that have not come back.
     */
    void rescueWaiting(List<TrialWorker> stopped) {
        List<TrialWorker> rescued;
        synchronized (this) {
            for (TrialWorker worker : stopped) {
                if (worker.stopCountingAsFinishing()) {
                    finishing--;
                }
            }
            rescued = new ArrayList<>(waiting);
            waiting.clear();
        }
        for (TrialWorker worker : rescued) {
            giveThread(worker);
        }
    }

    /** Idle threads end now, the others once their worker ends (after running any worker still waiting). */
    void shutdown() {
        List<PoolThread> parked;
        synchronized (this) {
            shutdown = true;
            parked = new ArrayList<>(idle);
        }
        for (PoolThread p : parked) {
            LockSupport.unpark(p.thread);
        }
    }

    /** As {@link #shutdown}, and interrupts every thread (a trainable's blocking wait ends). */
    void shutdownNow() {
        shutdown();
        List<PoolThread> threads;
        synchronized (this) {
            threads = new ArrayList<>(all);
        }
        for (PoolThread p : threads) {
            p.thread.interrupt();
        }
    }
}
