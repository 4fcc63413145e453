package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Searches several metrics at once with multi-objective TPE (as Optuna 3.1's {@code MOTPESampler}):
 * random trials first, then configs where the non-dominated trials are dense. Needs
 * {@code @Trainable(metrics = {...}, modes = {...})} (with one metric it optimises that one).
 * Defaults are {@code MOTPESampler()}'s rules (floor(0.1 n) good trials by non-dominated fronts and
 * hypervolume subset selection, good trials weighted by hypervolume contribution, the others
 * equally) with true-density kernels and no endpoints in the bandwidths; {@code preset = TpePreset.OPTUNA}
 * gives {@code MOTPESampler()} exactly.
 */
@SearcherAnnotation(factory = "io.jtune.engine.search.tpe.MotpeFactory", needsMetric = true)
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Motpe {
    /** The TPE the other attributes adjust: jtune's ({@link TpePreset#JTUNE}) or Optuna 3.1's {@code MOTPESampler} exactly ({@link TpePreset#OPTUNA}). */
    TpePreset preset() default TpePreset.JTUNE;

    /** Random trials before the model is used. */
    int nStartupTrials() default 10;

    /** Candidates drawn per suggestion; the best good/bad density ratio wins. */
    int nEiCandidates() default 24;

    /** The searcher's own seed; negative derives it from the experiment's seed. */
    long seed() default -1;
}
