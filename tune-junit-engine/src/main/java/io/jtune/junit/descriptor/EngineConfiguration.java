package io.jtune.junit.descriptor;

import static io.jtune.api.ConfigurationKeys.EXECUTOR;
import static io.jtune.api.ConfigurationKeys.MAX_CONCURRENT;
import static io.jtune.api.ConfigurationKeys.PROGRESS;
import static io.jtune.api.ConfigurationKeys.SAMPLES;
import static io.jtune.api.ConfigurationKeys.SEED;
import static io.jtune.api.ConfigurationKeys.STORAGE;

import io.jtune.api.TuneException;
import io.jtune.engine.Tuner;
import io.jtune.engine.exec.ExecutorFactory;
import io.jtune.engine.runner.state.ExperimentFolders;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.platform.commons.PreconditionViolationException;
import org.junit.platform.engine.ConfigurationParameters;

/**
 * The engine's configuration parameters (see {@link io.jtune.junit.Constants}), read once per run.
 * An empty optional leaves the class's own declaration in force.
 */
public record EngineConfiguration(OptionalInt samples, OptionalLong seed, Path storage, OptionalInt maxConcurrent, boolean progress,
                                  Optional<ExecutorFactory> executor) {

    /** Reads and checks every parameter; a malformed value is an error naming the key and the value. */
    public static EngineConfiguration from(ConfigurationParameters parameters, Path workingDirectory) {
        return new EngineConfiguration(
                positiveInt(parameters, SAMPLES),
                parameters.get(SEED).map(String::trim).map(v -> OptionalLong.of(parseLong(SEED, v))).orElse(OptionalLong.empty()),
                parameters.get(STORAGE).map(String::trim).filter(v -> !v.isEmpty()).map(Path::of)
                        .orElseGet(() -> ExperimentFolders.defaultStorage(workingDirectory)).toAbsolutePath().normalize(),
                positiveInt(parameters, MAX_CONCURRENT),
                parameters.get(PROGRESS).map(v -> parseBoolean(PROGRESS, v)).orElse(false),
                parameters.get(EXECUTOR).filter(v -> !v.isBlank()).map(EngineConfiguration::executor));
    }

    /** Applies what is set here over the class's declarations; storage and progress are always set. */
    public Tuner applyTo(Tuner tuner) {
        samples.ifPresent(tuner::numSamples);
        seed.ifPresent(tuner::seed);
        maxConcurrent.ifPresent(tuner::maxConcurrentTrials);
        executor.ifPresent(tuner::executor);
        return tuner.storagePath(storage).progress(progress);
    }

    private static ExecutorFactory executor(String name) {
        try {
            return ExecutorFactory.named(name, EXECUTOR);
        } catch (TuneException e) {
            throw new PreconditionViolationException("configuration parameter " + e.getMessage()
                    + "; fix it in junit-platform.properties, the -D" + EXECUTOR + " system property or the launcher's configuration parameters");
        }
    }

    private static OptionalInt positiveInt(ConfigurationParameters parameters, String key) {
        return parameters.get(key).map(String::trim).map(v -> {
            long n = parseLong(key, v);
            if (n < 1 || n > Integer.MAX_VALUE) {
                throw invalid(key, v, "a positive integer");
            }
            return OptionalInt.of((int) n);
        }).orElse(OptionalInt.empty());
    }

    private static long parseLong(String key, String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw invalid(key, value, "an integer");
        }
    }

    private static boolean parseBoolean(String key, String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw invalid(key, value, "true or false");
        };
    }

    private static PreconditionViolationException invalid(String key, String value, String expected) {
        return new PreconditionViolationException("configuration parameter " + key + "='" + value + "' is not " + expected
                + ": fix it in junit-platform.properties, the -D" + key + " system property or the launcher's configuration parameters");
    }
}
