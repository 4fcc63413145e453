package io.jtune.engine.process;

import io.jtune.engine.remote.Event;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The worker's side of its stdout: each event is encoded as a {@link Frames frame} and written to
 * the pipe on the thread that sends it, before that thread goes on. A result is in the pipe before
 * the trainable's next step runs, so a worker JVM that dies in that step (a crash, {@code halt},
 * SIGKILL) loses none of the results it reported: the driver reads them after its death. A write
 * is one system call, with no buffering to flush; the driver's reader takes whatever the pipe holds
 * at once. Thread-safe: events of one thread leave in the order sent.
 */
final class EventWriter {
    private final FrameEncoder encoder = new FrameEncoder();
    private final OutputStream out;
    private boolean broken;

    EventWriter(OutputStream out) {
        this.out = out;
    }

    /** Writes the event; one the driver can no longer read (it is gone) is dropped, as every later one. */
    synchronized void send(Event event) {
        if (broken) {
            return;
        }
        try {
            encoder.event(event);
            encoder.writeTo(out);
        } catch (IOException e) {
            broken = true;
            System.err.println("jtune worker: the driver no longer reads this worker's events (" + e + "); they are dropped");
        }
    }
}
