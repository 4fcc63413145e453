package io.jtune.junit;

import io.jtune.api.ConfigurationKeys;

/**
 * The engine's id and every configuration parameter it reads. Parameters come from the launcher
 * (Surefire's {@code configurationParameters}, Gradle's {@code systemProperty}), from
 * {@code -D} system properties or from {@code junit-platform.properties}, in that order. Each
 * one overrides the value the {@code @Trainable} class declares, for every class the run selects.
 */
public final class Constants {

    /** The engine's id: {@code includeEngines 'jtune'} in Gradle, {@code --include-engine jtune} on the console. */
    public static final String ENGINE_ID = "jtune";

    /** Trials per experiment (a positive integer); overrides {@code @Samples}. */
    public static final String SAMPLES_PROPERTY_NAME = ConfigurationKeys.SAMPLES;

    /** The seed every random choice derives from (an integer); overrides {@code @Seed}. */
    public static final String SEED_PROPERTY_NAME = ConfigurationKeys.SEED;

    /**
     * The folder experiments are written to, each run a new {@code <trainable>_<date>} folder.
     * Default: {@code target/jtune} in a Maven project, {@code build/jtune} in a Gradle project
     * (by the working directory), else {@code ~/jtune-results}: the Tuner's default
     * ({@link io.jtune.engine.runner.state.ExperimentFolders#defaultStorage}).
     */
    public static final String STORAGE_PROPERTY_NAME = ConfigurationKeys.STORAGE;

    /** How many trials may run at once (a positive integer); overrides {@code @MaxConcurrent}. */
    public static final String MAX_CONCURRENT_PROPERTY_NAME = ConfigurationKeys.MAX_CONCURRENT;

    /**
     * {@code true} prints the experiment's progress table to standard output while it runs;
     * default {@code false}, so a test run stays quiet (trials show up in the test report instead).
     */
    public static final String PROGRESS_PROPERTY_NAME = ConfigurationKeys.PROGRESS;

    /**
     * Where trials run: {@code threads} (in the test JVM) or {@code process} (each trial in a
     * pooled worker JVM, so a crash, {@code System.exit}, a hang or an out-of-memory error fails
     * only its trial); overrides {@code @Isolation}.
     */
    public static final String EXECUTOR_PROPERTY_NAME = ConfigurationKeys.EXECUTOR;

    private Constants() {
    }
}
