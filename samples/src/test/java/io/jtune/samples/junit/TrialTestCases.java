package io.jtune.samples.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

/** What a JUnit XML report of {@link QuickDigitsTuningTest} must hold, whichever launcher wrote it: one passing test case per trial. */
final class TrialTestCases {

    /** The experiment tag of a trial: its index and sampled config, e.g. {@code 3_hidden_size=32,learning_rate=0.04187}. */
    private static final String TRIAL_NAME = "\\d+_(hidden_size=(16|32),learning_rate=[0-9.e-]+|learning_rate=[0-9.e-]+,hidden_size=(16|32))";

    private TrialTestCases() {
    }

    /** {@code className}: the trials' class as reported, the fully qualified name of the experiment's class (the trials' source is its {@code @Step} method). */
    static void assertEachTrialIsATestCase(Path report, String className) throws Exception {
        assertTrue(report.toFile().isFile(), "no report at " + report);
        List<JUnitXmlReport.TestCase> cases = JUnitXmlReport.testCases(report);
        assertEquals(QuickDigitsTuningTest.SAMPLES, cases.size(), () -> "test cases in " + report + ": " + cases);
        assertEquals(QuickDigitsTuningTest.SAMPLES, cases.stream().map(JUnitXmlReport.TestCase::name).distinct().count(), cases::toString);
        for (JUnitXmlReport.TestCase trial : cases) {
            assertTrue(trial.name().matches(TRIAL_NAME), () -> trial + " is not named by its trial's config");
            assertEquals(className, trial.className(), trial::toString);
            assertFalse(trial.failed(), () -> trial + " failed");
        }
    }

    /** The module's folder: Surefire runs tests there and says so in {@code basedir}. */
    static Path moduleDirectory() {
        return Path.of(System.getProperty("basedir", "")).toAbsolutePath();
    }
}
