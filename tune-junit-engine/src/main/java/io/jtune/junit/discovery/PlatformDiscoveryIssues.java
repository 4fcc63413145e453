package io.jtune.junit.discovery;

import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.engine.DiscoveryIssue.Severity;
import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.discovery.DiscoveryIssueReporter;

/** {@link DiscoveryProblems} as JUnit Platform 1.13+ discovery issues; loaded only when the platform has them. */
final class PlatformDiscoveryIssues implements DiscoveryProblems {

    /** Whether the running platform knows discovery issues (1.13 and later). */
    static final boolean AVAILABLE = platformHasDiscoveryIssues();

    private final DiscoveryIssueReporter issues;

    private PlatformDiscoveryIssues(DiscoveryIssueReporter issues) {
        this.issues = issues;
    }

    static DiscoveryProblems forwarding(EngineDiscoveryRequest request, UniqueId engineId) {
        return new PlatformDiscoveryIssues(DiscoveryIssueReporter.deduplicating(DiscoveryIssueReporter.forwarding(request.getDiscoveryListener(), engineId)));
    }

    @Override
    public void error(String message, TestSource source, Throwable cause) {
        report(Severity.ERROR, message, source, cause);
    }

    @Override
    public void warning(String message, TestSource source, Throwable cause) {
        report(Severity.WARNING, message, source, cause);
    }

    private void report(Severity severity, String message, TestSource source, Throwable cause) {
        issues.reportIssue(DiscoveryIssue.builder(severity, message).source(source).cause(cause));
    }

    private static boolean platformHasDiscoveryIssues() {
        try {
            Class.forName("org.junit.platform.engine.DiscoveryIssue", false, DiscoveryProblems.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError olderPlatform) {
            return false;
        }
    }
}
