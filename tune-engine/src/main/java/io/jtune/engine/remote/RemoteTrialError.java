package io.jtune.engine.remote;

import java.io.PrintStream;
import java.io.PrintWriter;

/**
 * A trainable's failure in another JVM, rebuilt from its {@link ErrorData}: {@link #toString()}
 * reads {@code <original class>: <message>} and the stack trace printed (e.g. into
 * {@code error.txt}) is the original one, taken where it was thrown.
 */
public final class RemoteTrialError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient ErrorData data;

    RemoteTrialError(ErrorData data) {
        super(data.message(), null, false, false);
        this.data = data;
    }

    /** The failure as it crossed the wire. */
    public ErrorData data() {
        return data;
    }

    @Override
    public String toString() {
        return data.message() == null ? data.className() : data.className() + ": " + data.message();
    }

    @Override
    public void printStackTrace(PrintStream s) {
        s.print(data.stackText());
    }

    @Override
    public void printStackTrace(PrintWriter s) {
        s.print(data.stackText());
    }
}
