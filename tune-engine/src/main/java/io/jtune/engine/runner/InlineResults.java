package io.jtune.engine.runner;

import io.jtune.api.ResourceRequest;
import io.jtune.api.TrialStatus;
import io.jtune.engine.exec.InlineHandler;
import io.jtune.engine.exec.TrialEvent;
import io.jtune.engine.trial.Trial;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The runner's inline shortcut: while the driver waits for events, a result of a running trial on a
 * local thread is handled on that thread itself, under the runner's state lock, so the trial gets its
 * decision without waking the driver and being woken by it; a trial it ends hands its thread to the
 * next trial, started there too. Installed by the runner only where no decision can wait for a save.
 */
final class InlineResults implements InlineHandler {
    private final TrialTable table;
    /** What every trial of the experiment asks. */
    private final ResourceRequest resources;
    private final TrialLifecycle lifecycle;
    private final TrialLauncher launcher;
    private final ResultIntake intake;
    private final EventIntake events;
    private final RetryQueue backingOff;
    private final ReentrantLock stateLock;
    private final InlineLock inlineLock;
    /** What a result handled inline threw (a runtime exception or an error), for the driver to throw as if it had handled it. */
    private Throwable failure;

    InlineResults(RunnerParts parts, TrialLifecycle lifecycle, TrialLauncher launcher, ResultIntake intake, EventIntake events, RetryQueue backingOff,
            ReentrantLock stateLock) {
        this.table = parts.table();
        this.resources = parts.spec().resources();
        this.lifecycle = lifecycle;
        this.launcher = launcher;
        this.intake = intake;
        this.events = events;
        this.backingOff = backingOff;
        this.stateLock = stateLock;
        this.inlineLock = new InlineLock(stateLock, events::openToInline, InlineLock.SPIN_NANOS, InlineLock.WAIT_NANOS);
    }

    /**
     * Handles a result on the thread that posts it, when the driver waits for events at the top of
     * its loop and the trial runs (so no earlier event of its run is queued): it takes the state lock
     * at once, or while another inline decision holds it after a short spin and a wait in the lock's
     * queue ({@link InlineLock}), checks again that the driver still waits, handles the result as the
     * driver would and wakes the driver when the trial's status (or any other) changed or the
     * experiment stops, unless the decision ended the trial and its thread, {@code freeAtStop}, started
     * the next one ({@link #startedNextInline}). An exception is kept for the driver, which throws it
     * as if it had handled the result itself.
     */
    @Override
    public InlineHandler.Outcome offer(TrialEvent event, boolean freeAtStop) {
        if (!(event instanceof TrialEvent.Reported) || !events.openToInline() || Thread.currentThread().isInterrupted() || !inlineLock.tryLock()) {
            return InlineHandler.Outcome.QUEUE;
        }
        try {
            Trial trial = table.get(event.trialId());
            if (!events.openToInline() || lifecycle.stopRequested() || failure != null || trial == null
                    || event.runId() != trial.runId() || trial.status() != TrialStatus.RUNNING || trial.pendingSaves() > 0) {
                return InlineHandler.Outcome.QUEUE;
            }
            long changesBefore = table.statusChanges();
            try {
                intake.handle(event);
                if (table.statusChanges() == changesBefore && !lifecycle.stopRequested()) {
                    return InlineHandler.Outcome.HANDLED;
                }
                return freeAtStop && startedNextInline(trial) ? InlineHandler.Outcome.HANDLED : InlineHandler.Outcome.HANDLED_WAKE_DRIVER;
            } catch (RuntimeException | Error e) {
                failure = e;
                return InlineHandler.Outcome.HANDLED_WAKE_DRIVER;
            }
        } finally {
            stateLock.unlock();
        }
    }

    /**
     * After a result handled inline ended its trial, on the trial's thread (free once its run ends):
     * adds and starts trials as the driver's loop would, until one starts, so the new run takes the
     * ended one's thread and the driver sleeps on. True when exactly that happened and no further
     * trial could start now; false leaves the rest to the driver (it is woken).
     */
    private boolean startedNextInline(Trial ended) {
        if (ended.status() != TrialStatus.TERMINATED || lifecycle.stopRequested() || !backingOff.isEmpty()) {
            return false;
        }
        long runsBefore = lifecycle.runsStarted();
        while (lifecycle.runsStarted() == runsBefore && launcher.launchOne()) {
            // a trial added, none started yet: go on as the driver's loop would
        }
        return lifecycle.runsStarted() == runsBefore + 1 && !launcher.hasCapacity(resources);
    }

    /** Throws, on the driver, what handling a result inline threw. */
    void throwFailure() {
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
    }
}
