package io.jtune.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class SurefireCheckTest {

    @Test
    void mavensDefaultSurefireGetsAWarningNamingItsVersionAndTheFix() {
        String warning = SurefireCheck.warning("2.12.4", true).orElseThrow();

        assertTrue(warning.contains("maven-surefire-plugin is 2.12.4, which cannot run JUnit Platform engines"), warning);
        assertTrue(warning.contains("Tests run: 0") && warning.contains("Pin Surefire 3"), warning);
        assertTrue(SurefireCheck.warning("2.22.2", true).isPresent());
        assertTrue(SurefireCheck.warning("3.0.0-M5", true).isPresent(), "a milestone before 3.0.0");
    }

    @Test
    void surefire3OrAProjectWithoutTuningTestsGetsNone() {
        assertEquals(Optional.empty(), SurefireCheck.warning("3.5.2", true));
        assertEquals(Optional.empty(), SurefireCheck.warning("3.0.0", true));
        assertEquals(Optional.empty(), SurefireCheck.warning("2.12.4", false));
        assertEquals(Optional.empty(), SurefireCheck.warning(null, true));
    }
}
