package io.jtune.engine.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jtune.engine.testing.CapturedLog;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class UnknownKeysTest {

    @Test
    void aTypoIsNamedWithTheKeyMeantOnce() {
        Properties properties = new Properties();
        properties.setProperty("jtune.samplse", "5");
        properties.setProperty("jtune.samples", "5");
        properties.setProperty("user.home", "/tmp");
        try (CapturedLog log = new CapturedLog(UnknownKeys.class)) {
            UnknownKeys.warnAbout(properties);
            UnknownKeys.warnAbout(properties);
            assertEquals(List.of("unknown configuration key jtune.samplse is ignored; did you mean jtune.samples?"), log.messages());
        }
    }

    @Test
    void aKeyLikeNoneSaysWhereTheKeysAreListed() {
        Properties properties = new Properties();
        properties.setProperty("jtune.completelyDifferentThing", "1");
        try (CapturedLog log = new CapturedLog(UnknownKeys.class)) {
            UnknownKeys.warnAbout(properties);
            assertEquals(List.of("unknown configuration key jtune.completelyDifferentThing is ignored; the keys are listed in docs/configuration.md"),
                    log.messages());
        }
    }
}
