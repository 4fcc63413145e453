package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Searches with BOHB's model (as Ray Tune's {@code TuneBOHB}); pair it with the HyperBand-for-BOHB
 * scheduler. Results are observations at their budget ({@link #budgetAttribute}); the model uses
 * the largest budget with enough of them. Needs the experiment's metric and mode. Defaults are
 * HpBandSter's, but for {@link #minBandwidth}.
 */
@SearcherAnnotation(factory = "io.jtune.engine.search.bohb.BohbFactory", needsMetric = true)
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Bohb {
    /** Observations a budget needs before it is modelled; 0 for the number of parameters + 1. */
    int minPointsInModel() default 0;

    /** Percentage of a budget's trials that form the good density. */
    int topNPercent() default 15;

    /** Candidates drawn from the good density per suggestion. */
    int numSamples() default 64;

    /** Share of suggestions drawn at random. */
    double randomFraction() default 1.0 / 3;

    /** Widening of the good density's bandwidths when drawing candidates. */
    double bandwidthFactor() default 3;

    /** Smallest bandwidth as a fraction of each range (HpBandSter's 1e-3 collapses on small spaces). */
    double minBandwidth() default 0.1;

    /** The result field that measures a trial's budget. */
    String budgetAttribute() default Result.TRAINING_ITERATION;

    /** Configs to try first, each a JSON object of parameter values (missing ones are drawn). */
    String[] pointsToEvaluate() default {};

    /** The searcher's own seed; negative derives it from the experiment's seed. */
    long seed() default -1;
}
