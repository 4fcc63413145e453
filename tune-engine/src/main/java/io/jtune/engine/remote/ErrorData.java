package io.jtune.engine.remote;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * A failure as data, so it can cross a process without Java serialization.
 *
 * @param className the binary name of the throwable's class
 * @param message its message, or null
 * @param stackText its full stack trace as {@link Throwable#printStackTrace()} prints it, causes included
 */
public record ErrorData(String className, String message, String stackText) {

    /** The data of {@code error}. */
    public static ErrorData of(Throwable error) {
        StringWriter text = new StringWriter();
        error.printStackTrace(new PrintWriter(text, true));
        return new ErrorData(error.getClass().getName(), error.getMessage(), text.toString());
    }

    /** A throwable on this side that reads and prints as the original did. */
    public RemoteTrialError toThrowable() {
        return new RemoteTrialError(this);
    }
}
