package io.jtune.junit.discovery;

import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.UniqueId;

/**
 * Where discovery reports what it leaves out and why. On JUnit Platform 1.13 and later each
 * problem is a discovery issue (shown by the launcher, an error fails the run); on older
 * platforms (JUnit 5.10 to 5.12), which have no discovery issues, each is logged, as those
 * platforms' own engines do. So the engine runs on the JUnit version the project already uses.
 */
public interface DiscoveryProblems {

    /** A class or setting that cannot run. */
    void error(String message, TestSource source, Throwable cause);

    /** Something left out or ignored that the user should know about. */
    void warning(String message, TestSource source, Throwable cause);

    /** The problems of one discovery request, reported as the running platform allows. */
    static DiscoveryProblems of(EngineDiscoveryRequest request, UniqueId engineId) {
        return PlatformDiscoveryIssues.AVAILABLE ? PlatformDiscoveryIssues.forwarding(request, engineId) : new LoggedDiscoveryProblems();
    }
}
