package io.jtune.samples.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JUnit console launcher ({@code junit-platform-console-standalone}, copied into
 * {@code target/console-launcher} by this module's pom together with the test class path) runs
 * {@link QuickDigitsTuningTest} in a JVM of its own and writes an XML report listing each trial.
 */
class ConsoleLauncherReportTest {

    @TempDir
    Path reports;

    @Test
    void theConsoleLauncherReportListsEachTrialAsATestCase() throws Exception {
        Path module = TrialTestCases.moduleDirectory();
        Path launcher = module.resolve("target/console-launcher");
        String classPath = String.join(File.pathSeparator, module.resolve("target/test-classes").toString(), module.resolve("target/classes").toString(),
                Files.readString(launcher.resolve("class-path.txt")).trim());
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", launcher.resolve("junit-platform-console-standalone.jar").toString(), "execute",
                "--disable-banner", "--details=none", "--class-path", classPath,
                "--select-class", QuickDigitsTuningTest.class.getName(), "--include-engine", "jtune",
                "--config", "jtune.storage=" + reports.resolve("jtune"), "--reports-dir", reports.toString());

        Process console = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(console.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(console.waitFor(5, TimeUnit.MINUTES), "the console launcher did not end");

        assertEquals(0, console.exitValue(), output);
        TrialTestCases.assertEachTrialIsATestCase(reports.resolve("TEST-jtune.xml"), QuickDigitsTuningTest.class.getName());
    }
}
