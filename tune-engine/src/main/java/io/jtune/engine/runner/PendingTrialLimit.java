package io.jtune.engine.runner;

import io.jtune.api.ConfigurationKeys;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.search.BasicVariantGenerator;
import io.jtune.engine.search.SearcherWrapper;

/**
 * How many trials may wait PENDING while others run, so a scheduler can start them as resources
 * free up and compare them (Ray Tune's {@code max_pending_trials}). Automatic, as Ray's
 * {@code TUNE_MAX_PENDING_TRIALS_PG=auto}: {@code max(16, int(1.1 x CPUs))} for the basic variant
 * generator, whose configs do not depend on results, and 1 for any other searcher, so a
 * model-based one suggests from as many results as possible. Set it with
 * {@code Tuner.maxPendingTrials(n)} or the system property {@value #PROPERTY} ({@code auto} or a number).
 */
public final class PendingTrialLimit {
    /** The system property setting the limit for every experiment: {@code auto} or a number >= 1. */
    public static final String PROPERTY = ConfigurationKeys.MAX_PENDING_TRIALS;
    /** The value meaning "chosen from the searcher and the CPUs". */
    public static final int AUTO = 0;
    /** Ray's least automatic limit for the basic variant generator. */
    private static final int MIN_AUTO = 16;

    private PendingTrialLimit() {
    }

    /** {@link #AUTO} when the system property is unset or {@code auto}, else its number. */
    public static int fromSystemProperty() {
        return parse(System.getProperty(PROPERTY));
    }

    /** {@link #AUTO} for null or {@code auto}, else the number; anything else is refused naming the property. */
    static int parse(String value) {
        if (value == null || value.isBlank() || value.trim().equalsIgnoreCase("auto")) {
            return AUTO;
        }
        Integer limit = WholeNumberProperty.atLeastOne(value);
        if (limit != null) {
            return limit;
        }
        throw new IllegalArgumentException("system property " + PROPERTY + " must be 'auto' or a number >= 1, got '" + value + "'");
    }

    /** The limit in force: {@code configured}, or when it is {@link #AUTO} the automatic one for this searcher and machine. */
    public static int resolve(int configured, SearchAlgorithm searcher, double machineCpus) {
        if (configured != AUTO) {
            return configured;
        }
        if (SearcherWrapper.find(searcher, BasicVariantGenerator.class).isPresent()) {
            return Math.max(MIN_AUTO, (int) (machineCpus * 1.1));
        }
        return 1;
    }
}
