package io.jtune.cluster.driver;

import io.jtune.api.ResourceRequest;
import io.jtune.cluster.wire.ToWorker;
import io.jtune.engine.exec.TrialEvent;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * What the driver actor hands to the driver thread: trial events (in arrival order), worker
 * joins and losses, and the count of runs that may still post. Thread-safe; the actor only
 * adds, the driver thread only takes.
 */
final class DriverBridge {
    /** Put in the event queue when something the waiting driver thread cares about changed (the last run ended, a worker joined). */
    static final Object WAKE = new Object();
    /** Put in the event queue by a steering request: the waiting driver returns to carry it out. */
    static final Object WAKE_DRIVER = new Object();

    /** A worker's arrival ({@code resources} set) or loss ({@code resources} null). */
    record WorkerNotice(ActorRef<ToWorker> worker, String node, ResourceRequest resources) {
    }

    private final LinkedBlockingQueue<Object> events = new LinkedBlockingQueue<>();
    private final ConcurrentLinkedQueue<WorkerNotice> notices = new ConcurrentLinkedQueue<>();
    private final AtomicInteger liveRuns = new AtomicInteger();
    private final Object noticeSignal = new Object();

    void post(TrialEvent event) {
        events.add(event);
    }

    void workerJoined(ActorRef<ToWorker> worker, String node, ResourceRequest resources) {
        notice(new WorkerNotice(worker, node, resources));
    }

    void workerLost(ActorRef<ToWorker> worker, String node) {
        notice(new WorkerNotice(worker, node, null));
    }

    private void notice(WorkerNotice notice) {
        synchronized (noticeSignal) {
            notices.add(notice);
            noticeSignal.notifyAll();
        }
        events.add(WAKE);
    }

    /** Waits up to {@code nanos} for a worker notice to be queued (returns at once when one is). */
    void awaitNotice(long nanos) throws InterruptedException {
        synchronized (noticeSignal) {
            if (notices.isEmpty()) {
                TimeUnit.NANOSECONDS.timedWait(noticeSignal, nanos);
            }
        }
    }

    WorkerNotice nextNotice() {
        return notices.poll();
    }

    void runStarted() {
        liveRuns.incrementAndGet();
    }

    void runEnded() {
        if (liveRuns.decrementAndGet() == 0) {
            events.add(WAKE);
        }
    }

    int liveRuns() {
        return liveRuns.get();
    }

    /** The next event, {@link #WAKE} or {@link #WAKE_DRIVER}, or null after the timeout. */
    Object poll(long timeout, TimeUnit unit) throws InterruptedException {
        return events.poll(timeout, unit);
    }

    /** Makes the driver thread waiting in {@link #poll} return {@link #WAKE_DRIVER}. */
    void wakeDriver() {
        events.add(WAKE_DRIVER);
    }

    boolean hasEvents() {
        return events.stream().anyMatch(e -> e instanceof TrialEvent);
    }
}
