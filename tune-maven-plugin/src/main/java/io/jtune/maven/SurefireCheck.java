package io.jtune.maven;

import java.util.Optional;
import org.apache.maven.artifact.versioning.ComparableVersion;

/**
 * Warns when the project's Surefire cannot run JUnit Platform engines, so that its tuning tests
 * would silently not run under {@code mvn test} ({@code Tests run: 0 ... BUILD SUCCESS}): Maven
 * 3.x's built-in default, Surefire 2.12.4, knows no JUnit Platform; 2.22 runs it through an old
 * provider. jtune needs Surefire 3.
 */
final class SurefireCheck {
    static final String SUREFIRE = "org.apache.maven.plugins:maven-surefire-plugin";
    static final String JUNIT_ENGINE = IsolatedClassPath.JTUNE_GROUP + ":tune-junit-engine";
    private static final ComparableVersion FIRST_SUPPORTED = new ComparableVersion("3.0.0");

    private SurefireCheck() {
    }

    /**
     * @param surefireVersion the version of the project's maven-surefire-plugin, null when it has none
     * @param runsTuningTests whether the project has the JUnit engine {@code tune-junit-engine}
     * @return the warning, naming the version and the fix; empty when Surefire will run the tuning tests
     */
    static Optional<String> warning(String surefireVersion, boolean runsTuningTests) {
        if (!runsTuningTests || surefireVersion == null || new ComparableVersion(surefireVersion).compareTo(FIRST_SUPPORTED) >= 0) {
            return Optional.empty();
        }
        return Optional.of("jtune: this project's maven-surefire-plugin is " + surefireVersion + ", which cannot run JUnit Platform engines:"
                + " mvn test would run none of its tuning tests (Tests run: 0) and skip their @Expect gates. Pin Surefire 3 in"
                + " <build><pluginManagement> (e.g. 3.5.2), as README's \"Use jtune in your project\" shows");
    }
}
