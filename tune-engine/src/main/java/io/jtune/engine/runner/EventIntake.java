package io.jtune.engine.runner;

import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.engine.exec.TrialEvent;
import io.jtune.engine.exec.TrialExecutor;
import io.jtune.engine.trial.Trial;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.function.Consumer;
import java.util.function.Function;
/**
 * Where the runner takes executor events from. While a scheduler waits for a trial's save, the
 * other events are kept back (no scheduler decision may happen inside another) and handed out
 * first afterwards, in order. With a {@link LogicalEventOrder} (deterministic mode) the running
 * trials' step outcomes are handed out in its logical order instead of arrival order, those that
 * arrive early being kept until their turn. Driver thread only; the runner's state lock is let go
 * only while waiting, so a snapshot at JVM shutdown sees the state between two changes, and an
 * event handled inline on a trial's thread is handled only while the driver waits at
 * {@link #next()} ({@link #openToInline()}), never inside a decision.
 */
final class EventIntake {
    /** The longest the driver waits for an event before it does its time-based work (budgets, stall limits, snapshots). */
    static final long TICK_MILLIS = 200;

    private final TrialExecutor executor;
    private final Lock stateLock;
    private final LogicalEventOrder order;
    private final Function<String, Trial> trials;
    private final ArrayDeque<TrialEvent> kept = new ArrayDeque<>();
    /**
     * True while the driver waits in {@link #next()} with no event kept back: set before the state
     * lock is let go, cleared as soon as the wait ends (before the driver takes the lock back, so
     * inline handlers do not keep it from the lock).
     */
    private volatile boolean openToInline;

    /**
     * {@code stateLock}, held by the driver, is let go while it waits for an event; {@code order} is
     * null to hand events out as they arrive; {@code trials} finds a trial by id.
     */
    EventIntake(TrialExecutor executor, Lock stateLock, LogicalEventOrder order, Function<String, Trial> trials) {
        this.executor = executor;
        this.stateLock = stateLock;
        this.order = order;
        this.trials = trials;
    }

    /**
     * The next event, kept ones first (in deterministic mode: the next in logical order); null when
     * none came within a tick or none can come ({@link TrialExecutor#hasPendingEvents()} tells).
     */
    TrialEvent next() {
        if (order != null) {
            return nextInLogicalOrder();
        }
        if (!kept.isEmpty()) {
            return kept.poll();
        }
        return executor.hasPendingEvents() ? take("trial events", true) : null;
    }

    /**
     * True while the driver waits for its next event between two steps of its loop (not within a
     * decision, not in deterministic mode, with nothing kept back): an event may then be handled
     * on another thread that holds the state lock.
     */
    boolean openToInline() {
        return openToInline;
    }

    private TrialEvent nextInLogicalOrder() {
        while (true) {
            Trial due = order.next();
            for (Iterator<TrialEvent> it = kept.iterator(); it.hasNext(); ) {
                TrialEvent event = it.next();
                Trial trial = trials.apply(event.trialId());
                if (!LogicalEventOrder.isStepOutcome(trial, event)) {
                    it.remove();
                    return event;
                }
                if (trial == due) {
                    it.remove();
                    order.handedOut(trial);
                    return event;
                }
            }
            TrialEvent arrived = executor.hasPendingEvents() ? take("trial events", false) : null;
            if (arrived == null) {
                return executor.hasPendingEvents() ? null : kept.poll();
            }
            kept.add(arrived);
        }
    }

    /**
     * Hands the trial's events to {@code handler} until its saves are answered or its run ended;
     * {@code quietTick} runs after each tick without events (it may fail a stalled trial, ending the wait).
     * A result it reported before a save while it is not RUNNING (paused mid-step) is handled on the
     * spot, in order, since the saved state holds it; every other event is kept for later.
     */
    void awaitSaves(Trial trial, Consumer<TrialEvent> handler, Runnable noMoreEvents, Runnable quietTick) {
        while (trial.pendingSaves() > 0) {
            TrialEvent event = takeKeptFor(trial);
            if (event == null) {
                event = take("a checkpoint of trial " + trial.name(), false);
                if (event == null) {
                    if (executor.hasPendingEvents()) {
                        quietTick.run();
                        continue;
                    }
                    noMoreEvents.run();
                    return;
                }
            }
            if (!canHandleWhileWaiting(trial, event)) {
                kept.add(event);
            } else if (endsRun(event)) {
                kept.addFirst(event);
                return;
            } else {
                handler.accept(event);
            }
        }
    }

    private static boolean canHandleWhileWaiting(Trial trial, TrialEvent event) {
        return event.trialId().equals(trial.id())
                && (event instanceof TrialEvent.Saved || endsRun(event)
                    || event instanceof TrialEvent.Reported && trial.status() != TrialStatus.RUNNING);
    }

    private static boolean endsRun(TrialEvent event) {
        return event instanceof TrialEvent.Failed || event instanceof TrialEvent.Finished || event instanceof TrialEvent.Lost;
    }

    private TrialEvent takeKeptFor(Trial trial) {
        for (Iterator<TrialEvent> it = kept.iterator(); it.hasNext(); ) {
            TrialEvent event = it.next();
            if (canHandleWhileWaiting(trial, event)) {
                it.remove();
                return event;
            }
        }
        return null;
    }

    /** Waits {@code nanos} (when positive) with the state lock let go, as while waiting for an event. */
    void idle(long nanos) {
        if (nanos <= 0) {
            return;
        }
        stateLock.unlock();
        try {
            TimeUnit.NANOSECONDS.sleep(nanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TuneException("interrupted while waiting to retry a failed trial", e);
        } finally {
            stateLock.lock();
        }
    }

    /** Waits a tick for an event with the state lock let go; {@code inlineMeanwhile}: events may be handled inline while it waits. */
    private TrialEvent take(String waitingFor, boolean inlineMeanwhile) {
        openToInline = inlineMeanwhile;
        stateLock.unlock();
        try {
            return executor.nextEvent(TICK_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TuneException("interrupted while waiting for " + waitingFor, e);
        } finally {
            openToInline = false;
            stateLock.lock();
        }
    }
}
