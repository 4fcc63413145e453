package io.jtune.samples.junit;

import org.junit.jupiter.api.Test;

/**
 * Checks the Surefire XML report of {@link QuickDigitsTuningTest}. Its name matches none of
 * Surefire's default includes, so the default test run leaves it out; the {@code verify-trial-report}
 * execution in this module's pom runs it right after, in the same {@code test} phase, when the
 * report exists. Run alone (without the default execution before it), it fails for want of a report.
 */
class SurefireTrialReportCheck {

    @Test
    void theSurefireReportListsEachTrialAsATestCase() throws Exception {
        TrialTestCases.assertEachTrialIsATestCase(TrialTestCases.moduleDirectory()
                .resolve("target/surefire-reports/TEST-" + QuickDigitsTuningTest.class.getName() + ".xml"), QuickDigitsTuningTest.class.getName());
    }
}
