package io.jtune.junit.discovery;

import org.junit.platform.engine.TestSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@link DiscoveryProblems} on a JUnit Platform older than 1.13: each problem is a logged warning or error. */
final class LoggedDiscoveryProblems implements DiscoveryProblems {
    private static final Logger LOG = LoggerFactory.getLogger(LoggedDiscoveryProblems.class);

    @Override
    public void error(String message, TestSource source, Throwable cause) {
        LOG.error("{}", withSource(message, source), cause);
    }

    @Override
    public void warning(String message, TestSource source, Throwable cause) {
        LOG.warn("{}", withSource(message, source), cause);
    }

    private static String withSource(String message, TestSource source) {
        return source == null ? message : message + " [" + source + "]";
    }
}
