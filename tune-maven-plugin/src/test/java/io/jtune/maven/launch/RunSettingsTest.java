package io.jtune.maven.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.ConfigurationKeys;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class RunSettingsTest {

    @Test
    void unsetOverridesLeaveTheAnnotationsAlone() {
        RunSettings settings = RunSettings.from(Map.of(ConfigurationKeys.STORAGE, "/tmp/jtune"));
        assertEquals(OptionalInt.empty(), settings.samples());
        assertEquals(OptionalLong.empty(), settings.seed());
        assertEquals(OptionalInt.empty(), settings.maxConcurrent());
        assertEquals(Path.of("/tmp/jtune"), settings.storage());
        assertNull(settings.resume());
        assertFalse(settings.quiet());
    }

    @Test
    void readsEveryProperty() {
        RunSettings settings = RunSettings.from(Map.of(ConfigurationKeys.STORAGE, " /tmp/jtune ",
                ConfigurationKeys.SAMPLES, "12", ConfigurationKeys.SEED, "-3", ConfigurationKeys.MAX_CONCURRENT, " 2",
                ConfigurationKeys.RESUME, "Restart-Errored", ConfigurationKeys.QUIET, "true"));
        assertEquals(OptionalInt.of(12), settings.samples());
        assertEquals(OptionalLong.of(-3), settings.seed());
        assertEquals(OptionalInt.of(2), settings.maxConcurrent());
        assertEquals(ResumeMode.RESTART_ERRORED, settings.resume());
        assertTrue(settings.quiet());
    }

    @Test
    void badValuesNameTheProperty() {
        assertMessage("jtune.samples must be a whole number >= 1, got '0'", Map.of(ConfigurationKeys.SAMPLES, "0"));
        assertMessage("jtune.maxConcurrent must be a whole number >= 1, got 'two'", Map.of(ConfigurationKeys.MAX_CONCURRENT, "two"));
        assertMessage("jtune.seed must be a whole number (a long), got '1.5'", Map.of(ConfigurationKeys.SEED, "1.5"));
        assertMessage("jtune.resume must be true, false or one of unfinished, errored, restart_errored, got 'yes'",
                Map.of(ConfigurationKeys.RESUME, "yes"));
    }

    @Test
    void resumeTrueMeansUnfinishedAndFalseMeansFresh() {
        assertEquals(ResumeMode.UNFINISHED, ResumeMode.parse("true"));
        assertEquals(ResumeMode.UNFINISHED, ResumeMode.parse("unfinished"));
        assertEquals(ResumeMode.ERRORED, ResumeMode.parse(" ERRORED "));
        assertNull(ResumeMode.parse("false"));
        assertNull(ResumeMode.parse(""));
    }

    private static void assertMessage(String expected, Map<String, String> values) {
        Map<String, String> all = new HashMap<>(values);
        all.put(ConfigurationKeys.STORAGE, "/tmp/jtune");
        assertEquals(expected, assertThrows(IllegalArgumentException.class, () -> RunSettings.from(all)).getMessage());
    }
}
