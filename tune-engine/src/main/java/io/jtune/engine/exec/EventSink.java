package io.jtune.engine.exec;

/** Where workers post their events; {@link #exited()} is called once per worker, after its last post. */
interface EventSink {
    void post(TrialEvent event);

    void exited();
}
