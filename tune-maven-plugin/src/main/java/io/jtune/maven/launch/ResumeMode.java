package io.jtune.maven.launch;

import io.jtune.api.ConfigurationKeys;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The values of {@code jtune.resume}, after Ray Tune's {@code Tuner.restore} flags: unfinished
 * trials (PENDING, RUNNING, PAUSED) always continue from their last checkpoint; errored trials are
 * left as they are, resumed from their last checkpoint, or restarted from scratch. Each is the
 * engine's {@link io.jtune.engine.spec.ResumeMode} of the same name.
 */
enum ResumeMode {
    /** {@code true} or {@code unfinished}: continue the unfinished trials; errored ones stay ERROR. */
    UNFINISHED,
    /** {@code errored}: also continue the errored trials from their last checkpoint. */
    ERRORED,
    /** {@code restart_errored}: also run the errored trials again from scratch. */
    RESTART_ERRORED;

    /** The mode a value names; null for no resume (unset, blank or {@code false}). */
    static ResumeMode parse(String value) {
        if (value == null || value.isBlank() || value.trim().equalsIgnoreCase("false")) {
            return null;
        }
        String name = value.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        if (name.equals("TRUE")) {
            return UNFINISHED;
        }
        for (ResumeMode mode : values()) {
            if (mode.name().equals(name)) {
                return mode;
            }
        }
        throw new IllegalArgumentException(ConfigurationKeys.RESUME + " must be true, false or one of "
                + Arrays.stream(values()).map(ResumeMode::toString).collect(Collectors.joining(", ")) + ", got '" + value + "'");
    }

    /** The engine's mode of the same name. */
    io.jtune.engine.spec.ResumeMode engineMode() {
        return io.jtune.engine.spec.ResumeMode.valueOf(name());
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
