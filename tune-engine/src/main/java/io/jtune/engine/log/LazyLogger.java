package io.jtune.engine.log;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SLF4J logger of a class, asked for when the class first logs rather than when it is loaded:
 * the first {@link LoggerFactory#getLogger} starts the SLF4J provider (Logback reads and applies its
 * configuration, a few hundred milliseconds in a fresh JVM), which a run that logs nothing then
 * never pays; so does {@link FallbackLogging#install()}, which looks through the class path and
 * runs before that first call. Thread-safe.
 */
public final class LazyLogger {
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
        }
        return l;
    }
}
