package io.jtune.maven.launch;

import io.jtune.api.ConfigurationKeys;
import java.nio.file.Path;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The settings of one {@code tune:run}, read from the {@link io.jtune.api.ConfigurationKeys} keys. Unset
 * overrides leave the experiment as its annotations declare it.
 *
 * @param samples trials per experiment, if overridden
 * @param seed the seed, if overridden
 * @param storage the folder holding the experiment folders
 * @param maxConcurrent the most trials at once, if overridden
 * @param resume how to continue the experiments already in {@code storage}, or null to start fresh
 * @param quiet no progress table
 */
record RunSettings(OptionalInt samples, OptionalLong seed, Path storage, OptionalInt maxConcurrent, ResumeMode resume, boolean quiet) {

    /**
     * Reads the settings.
     *
     * @throws IllegalArgumentException naming the property and the bad value
     */
    static RunSettings from(Map<String, String> settings) {
        String storage = settings.get(ConfigurationKeys.STORAGE);
        if (storage == null || storage.isBlank()) {
            throw new IllegalArgumentException(ConfigurationKeys.STORAGE + " is not set: give the folder the experiment folders go in");
        }
        return new RunSettings(
                atLeastOne(settings, ConfigurationKeys.SAMPLES),
                seed(settings.get(ConfigurationKeys.SEED)),
                Path.of(storage.trim()).toAbsolutePath(),
                atLeastOne(settings, ConfigurationKeys.MAX_CONCURRENT),
                ResumeMode.parse(settings.get(ConfigurationKeys.RESUME)),
                Boolean.parseBoolean(settings.getOrDefault(ConfigurationKeys.QUIET, "false").trim()));
    }

    private static OptionalInt atLeastOne(Map<String, String> settings, String key) {
        String text = settings.get(key);
        if (text == null || text.isBlank()) {
            return OptionalInt.empty();
        }
        try {
            int value = Integer.parseInt(text.trim());
            if (value >= 1) {
                return OptionalInt.of(value);
            }
        } catch (NumberFormatException e) {
            // reported below with the other bad values
        }
        throw new IllegalArgumentException(key + " must be a whole number >= 1, got '" + text + "'");
    }

    private static OptionalLong seed(String text) {
        if (text == null || text.isBlank()) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(text.trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(ConfigurationKeys.SEED + " must be a whole number (a long), got '" + text + "'", e);
        }
    }
}
