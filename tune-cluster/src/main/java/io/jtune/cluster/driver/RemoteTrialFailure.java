package io.jtune.cluster.driver;

import java.io.PrintStream;
import java.io.PrintWriter;

/**
 * A trainable's exception on a worker, as the driver knows it: the worker's description and
 * stack trace (exceptions themselves never cross processes). {@code error.txt} gets the trace.
 */
public final class RemoteTrialFailure extends RuntimeException {
    private final String remoteTrace;

    public RemoteTrialFailure(String node, String description, String remoteTrace) {
        super(description + " (on worker " + node + ")", null, false, false);
        this.remoteTrace = remoteTrace == null ? description : remoteTrace;
    }

    @Override
    public void printStackTrace(PrintWriter out) {
        out.println("on worker: " + getMessage());
        out.print(remoteTrace);
    }

    @Override
    public void printStackTrace(PrintStream out) {
        out.println("on worker: " + getMessage());
        out.print(remoteTrace);
    }
}
