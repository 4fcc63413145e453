package io.jtune.engine.exec;

/**
 * Where a {@link LocalTrialExecutor}'s runs post their events, from the threads that run them;
 * {@link #exited} is called once per run, after its last post (not for a run the executor
 * {@linkplain LocalTrialExecutor#abandon abandoned}: it posts nothing more from then on).
 */
public interface EventSink {
    void post(TrialEvent event);

    /** The run of {@code launch} has ended: no event of it follows. */
    void exited(TrialLaunch launch);
}
