package io.jtune.maven.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class RunSettingsTest {

    @Test
    void unsetOverridesLeaveTheAnnotationsAlone() {
        RunSettings settings = RunSettings.from(Map.of(PluginProperties.STORAGE, "/tmp/jtune"));
        assertEquals(OptionalInt.empty(), settings.samples());
        assertEquals(OptionalLong.empty(), settings.seed());
        assertEquals(OptionalInt.empty(), settings.maxConcurrent());
        assertEquals(Path.of("/tmp/jtune"), settings.storage());
        assertNull(settings.resume());
        assertFalse(settings.quiet());
    }

    @Test
    void readsEveryProperty() {
        RunSettings settings = RunSettings.from(Map.of(PluginProperties.STORAGE, " /tmp/jtune ",
                PluginProperties.SAMPLES, "12", PluginProperties.SEED, "-3", PluginProperties.MAX_CONCURRENT, " 2",
                PluginProperties.RESUME, "Restart-Errored", PluginProperties.QUIET, "true"));
        assertEquals(OptionalInt.of(12), settings.samples());
        assertEquals(OptionalLong.of(-3), settings.seed());
        assertEquals(OptionalInt.of(2), settings.maxConcurrent());
        assertEquals(ResumeMode.RESTART_ERRORED, settings.resume());
        assertTrue(settings.quiet());
    }

    @Test
    void badValuesNameTheProperty() {
        assertMessage("jtune.samples must be a whole number >= 1, got '0'", Map.of(PluginProperties.SAMPLES, "0"));
        assertMessage("jtune.maxConcurrent must be a whole number >= 1, got 'two'", Map.of(PluginProperties.MAX_CONCURRENT, "two"));
        assertMessage("jtune.seed must be a whole number (a long), got '1.5'", Map.of(PluginProperties.SEED, "1.5"));
        assertMessage("jtune.resume must be true, false or one of unfinished, errored, restart_errored, got 'yes'",
                Map.of(PluginProperties.RESUME, "yes"));
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
        all.put(PluginProperties.STORAGE, "/tmp/jtune");
        assertEquals(expected, assertThrows(IllegalArgumentException.class, () -> RunSettings.from(all)).getMessage());
    }
}
