package io.jtune.engine.remote;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * A trainable's failure in another JVM, rebuilt from its {@link ErrorData}: {@link #toString()}
 * reads {@code <original class>: <message>}, the stack trace printed (e.g. into {@code error.txt})
 * is the original text, causes included, and {@link #getStackTrace()} holds the original frames
 * (for loggers and IDEs that read frames).
 */
public final class RemoteTrialError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient ErrorData data;

    RemoteTrialError(ErrorData data) {
        super(data.message(), null, false, true);
        this.data = data;
        setStackTrace(topFrames(data.stackText()));
    }

    /** The frames of the outermost throwable in a printed stack trace ({@code \tat ...} lines up to the first cause). */
    private static StackTraceElement[] topFrames(String stackText) {
        List<StackTraceElement> frames = new ArrayList<>();
        for (String line : stackText.split("\\R")) {
            if (line.startsWith("Caused by:") || line.startsWith("\tSuppressed:")) {
                break;
            }
            if (line.startsWith("\tat ") && line.endsWith(")") && line.indexOf('(') > 0) {
                frames.add(frame(line.substring(4)));
            }
        }
        return frames.toArray(new StackTraceElement[0]);
    }

    /** {@code [loader/][module/]pkg.Class.method(File.java:12)}, {@code (Unknown Source)} or {@code (Native Method)}. */
    private static StackTraceElement frame(String text) {
        int open = text.indexOf('(');
        String qualified = text.substring(text.lastIndexOf('/', open) + 1, open);
        int dot = qualified.lastIndexOf('.');
        String source = text.substring(open + 1, text.length() - 1);
        int colon = source.lastIndexOf(':');
        String file = source.equals("Unknown Source") || source.equals("Native Method") ? null : colon < 0 ? source : source.substring(0, colon);
        int line = source.equals("Native Method") ? -2 : colon < 0 ? -1 : parseLine(source.substring(colon + 1));
        return new StackTraceElement(dot < 0 ? "" : qualified.substring(0, dot), qualified.substring(dot + 1), file, line);
    }

    private static int parseLine(String digits) {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            return -1;
        }
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
