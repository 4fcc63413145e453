package io.jtune.engine.testing;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.slf4j.LoggerFactory;

/** Captures what one class logs at WARN and above while open, so a test can assert a warning was given. */
public final class CapturedLog implements AutoCloseable {
    private final Logger logger;
    private final Level previous;
    private final boolean additive;
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

    public CapturedLog(Class<?> source) {
        this(source.getName());
    }

    /** For a logger by name (the class may not be visible to the test). */
    public CapturedLog(String loggerName) {
        this.logger = (Logger) LoggerFactory.getLogger(loggerName);
        this.previous = logger.getLevel();
        this.additive = logger.isAdditive();
        logger.setLevel(Level.WARN);
        logger.setAdditive(false);
        appender.start();
        logger.addAppender(appender);
    }

    /** The formatted messages logged so far. */
    public List<String> messages() {
        return appender.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }

    @Override
    public void close() {
        logger.detachAppender(appender);
        logger.setLevel(previous);
        logger.setAdditive(additive);
        appender.stop();
    }
}
