package io.jtune.engine.log;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SLF4J logger of a class, asked for when the class first logs rather than when it is loaded:
 * the first {@link LoggerFactory#getLogger} starts the SLF4J provider (Logback reads and applies its
 * configuration, a few hundred milliseconds in a fresh JVM), which a run that logs nothing then
 * never pays; so does {@link FallbackLogging#install()}, which looks through the class path and
 * runs before that first call. Detail that alone is not worth that start (a run's closing debug
 * figures) goes through {@link #ifStarted()}. Thread-safe.
 */
public final class LazyLogger {
    /** Whether any jtune logger was made, so SLF4J and its provider are started. */
    private static volatile boolean started;

    private final Class<?> owner;
    private volatile Logger logger;

    /** The logger named after {@code owner}. */
    public LazyLogger(Class<?> owner) {
        this.owner = owner;
    }

    /** The logger, made on the first call. */
    public Logger get() {
        Logger l = logger;
        if (l == null) {
            FallbackLogging.install();
            l = LoggerFactory.getLogger(owner);
            logger = l;
            started = true;
        }
        return l;
    }

    /**
     * The logger when logging has started already (a jtune logger was made) or {@value FallbackLogging#LEVEL_PROPERTY}
     * asks for {@code debug} or {@code trace}; else null, and nothing is started.
     */
    public Logger ifStarted() {
        return started || FallbackLogging.threshold() <= org.slf4j.event.Level.DEBUG.toInt() ? get() : null;
    }
}
