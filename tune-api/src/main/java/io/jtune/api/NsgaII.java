package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Searches several metrics at once with NSGA-II (as Optuna's {@code NSGAIISampler}): generations
 * of configs bred from the non-dominated trials of the last. Needs
 * {@code @Trainable(metrics = {...}, modes = {...})} (with one metric it optimises that one).
 * Defaults are Optuna's.
 */
@SearcherAnnotation(factory = "io.jtune.engine.search.mo.NsgaIIFactory", needsMetric = true)
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface NsgaII {
    /** Trials per generation. */
    int populationSize() default 50;

    /** Probability that a child's parameter is drawn afresh; negative means 1 / number of parameters. */
    double mutationProb() default -1;

    /** Probability that a child mixes two parents rather than copying one. */
    double crossoverProb() default 0.9;

    /** Uniform crossover: probability that a parameter comes from the second parent. */
    double swappingProb() default 0.5;

    /** The searcher's own seed; negative derives it from the experiment's seed. */
    long seed() default -1;
}
