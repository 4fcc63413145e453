package io.jtune.engine.log;

import java.io.PrintStream;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;

/** One line a message on standard error, {@code [jtune WARN] TrialRunner: message}, then the stack trace if any. */
final class StderrLogger extends LegacyAbstractLogger {
    private static final long serialVersionUID = 1L;

    private final transient int threshold = FallbackLogging.threshold();
    private final String shortName;

    StderrLogger(String name) {
        this.name = name;
        this.shortName = name.substring(name.lastIndexOf('.') + 1);
    }

    @Override
    public boolean isTraceEnabled() {
        return enabled(Level.TRACE);
    }

    @Override
    public boolean isDebugEnabled() {
        return enabled(Level.DEBUG);
    }

    @Override
    public boolean isInfoEnabled() {
        return enabled(Level.INFO);
    }

    @Override
    public boolean isWarnEnabled() {
        return enabled(Level.WARN);
    }

    @Override
    public boolean isErrorEnabled() {
        return enabled(Level.ERROR);
    }

    private boolean enabled(Level level) {
        return level.toInt() >= threshold;
    }

    @Override
    protected String getFullyQualifiedCallerName() {
        return null;
    }

    @Override
    protected void handleNormalizedLoggingCall(Level level, Marker marker, String messagePattern, Object[] arguments, Throwable throwable) {
        String message = MessageFormatter.basicArrayFormat(messagePattern, arguments);
        PrintStream err = System.err;
        synchronized (err) {
            err.println("[jtune " + level + "] " + shortName + ": " + message);
            if (throwable != null) {
                throwable.printStackTrace(err);
            }
        }
    }
}
