package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Searches with a tree-structured Parzen estimator (TPE, as Optuna's {@code TPESampler} behind Ray
 * Tune's {@code OptunaSearch}): random trials first, then configs where good trials are dense and
 * bad ones sparse. Works over every domain. Needs the experiment's metric and mode. Defaults are
 * Optuna 3.1's {@code TPESampler()} exactly (10 random trials, 24 candidates, gamma 0.1 up to 25,
 * prior weight 1, magic clip, no endpoints, univariate, Optuna 3.1's kernels, trials in flight as a
 * constant liar); {@code preset = TpePreset.JTUNE} swaps in kernels that are true densities, as
 * Optuna from 3.5 has them.
 */
@SearcherAnnotation(factory = "io.jtune.engine.search.tpe.TpeFactory", needsMetric = true)
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Tpe {
    /** The TPE the other attributes adjust: Optuna 3.1's exactly ({@link TpePreset#OPTUNA}) or with true-density kernels ({@link TpePreset#JTUNE}). */
    TpePreset preset() default TpePreset.OPTUNA;

    /** Random trials before the model is used. */
    int nStartupTrials() default 10;

    /** Candidates drawn per suggestion; the best good/bad density ratio wins. */
    int nEiCandidates() default 24;

    /** The good group is {@code min(ceil(gamma n), gammaMax)} of n trials. */
    double gamma() default 0.1;

    /** Largest size of the good group. */
    int gammaMax() default 25;

    /** Weight of the prior (the whole range) against one observation. */
    double priorWeight() default 1.0;

    /** Whether each density has the prior kernel (the whole range; uniform over categories). */
    boolean considerPrior() default true;

    /** Whether the outermost kernels' widths count the distance to the bounds. */
    boolean considerEndpoints() default false;

    /** One joint density over all parameters instead of one per parameter. */
    boolean multivariate() default false;

    /** Configs to try first, each a JSON object of parameter values, e.g. {@code {"lr": 0.01}} (missing ones are drawn). */
    String[] pointsToEvaluate() default {};

    /** The searcher's own seed; negative derives it from the experiment's seed. */
    long seed() default -1;
}
