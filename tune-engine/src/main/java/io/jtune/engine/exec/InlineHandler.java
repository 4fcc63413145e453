package io.jtune.engine.exec;

/**
 * The driver's offer to take an event on the thread that posts it ({@link TrialExecutor#handleInline}):
 * when the driver is idle, the posting thread does the driver's work for the event under the
 * driver's lock, so a trial waiting for the decision on its result gets it without two threads
 * waking each other. {@link #offer} never throws and never waits for the lock.
 */
@FunctionalInterface
public interface InlineHandler {

    /** What became of an offered event. */
    enum Outcome {
        /** Not taken (the driver is busy, or the event needs the driver's own thread): queue it as usual. */
        QUEUE,
        /** Handled; the driver has nothing more to do for it. */
        HANDLED,
        /** Handled, and the driver must look at its state again (a trial ended, a component failed): wake it. */
        HANDLED_WAKE_DRIVER
    }

    /**
     * Handles {@code event} on the calling thread when the driver can let it do so right now.
     * {@code freeAtStop}: the calling thread, if the decision stops its trial, runs no user code
     * before it is free for another run, so the handler may start the next trial as the driver
     * would: that run waits for the calling thread instead of waking another one.
     */
    Outcome offer(TrialEvent event, boolean freeAtStop);
}
