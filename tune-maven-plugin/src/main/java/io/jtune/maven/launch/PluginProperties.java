package io.jtune.maven.launch;


import io.jtune.api.ConfigurationKeys;/**
 * The plugin's configuration keys, in one place: each is the user property of a goal's
 * parameter ({@code -Djtune.samples=20}) and the key under which the mojo hands the value to the
 * {@link ExperimentBatch} in the project's class loader.
 */
public final class PluginProperties {
    /** Class-name patterns, comma-separated: simple names or fully qualified names, with {@code *} and {@code ?}. */
    public static final String EXPERIMENTS = ConfigurationKeys.EXPERIMENTS;
    /** Trials per experiment, overriding {@code @Trainable(numSamples)}. */
    public static final String SAMPLES = ConfigurationKeys.SAMPLES;
    /** The seed every random choice of an experiment derives from. */
    public static final String SEED = ConfigurationKeys.SEED;
    /** The folder the experiment folders go in. */
    public static final String STORAGE = ConfigurationKeys.STORAGE;
    /** tune:report: the experiment folder to render. */
    public static final String EXPERIMENT = ConfigurationKeys.EXPERIMENT;
    /** tune:report: the HTML file to write (default: report.html in the experiment folder). */
    public static final String REPORT_OUTPUT = ConfigurationKeys.REPORT_OUTPUT;
    /** The most trials running at once. */
    public static final String MAX_CONCURRENT = ConfigurationKeys.MAX_CONCURRENT;
    /** Continue the latest experiment of each class in the storage folder: {@code true} or a resume mode. */
    public static final String RESUME = ConfigurationKeys.RESUME;
    /** No progress table. */
    public static final String QUIET = ConfigurationKeys.QUIET;
    /** Skip the goal. */
    public static final String SKIP = ConfigurationKeys.SKIP;

    private PluginProperties() {
    }
}
