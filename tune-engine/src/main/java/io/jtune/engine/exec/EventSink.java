package io.jtune.engine.exec;

/**
 * Where a {@link LocalTrialExecutor}'s runs post their events, from the threads that run them;
 * {@link #exited} is called once per run, after its last post (not for a run the executor
 * {@linkplain LocalTrialExecutor#abandon abandoned}: it posts nothing more from then on).
 */
public interface EventSink {
    void post(TrialEvent event);

    /**
     * A result; {@code freeAtStop}: the run's thread, if told to stop after it, runs no user code
     * before it is free for another run (see {@link InlineHandler#offer}). By default, {@link #post}.
     */
    default void postResult(TrialEvent.Reported result, boolean freeAtStop) {
        post(result);
    }

    /** The run of {@code launch} has ended: no event of it follows. */
    void exited(TrialLaunch launch);
}
