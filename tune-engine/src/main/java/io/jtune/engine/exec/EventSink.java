package io.jtune.engine.exec;

/** Where workers post their events; {@link #exited} is called once per worker, when its thread leaves it. */
interface EventSink {
    void post(TrialEvent event);

    /** {@code live}: false when the driver had abandoned the worker already (it no longer counted as live). */
    void exited(TrialWorker worker, boolean live);
}
