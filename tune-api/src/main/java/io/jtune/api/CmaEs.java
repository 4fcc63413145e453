package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Searches with CMA-ES (as Optuna's {@code CmaEsSampler}), Hansen's default parameters. Numeric
 * parameters only: a choice or grid parameter is an error naming it. Needs the experiment's
 * metric and mode.
 */
@SearcherAnnotation(factory = "io.jtune.engine.search.cmaes.CmaEsFactory", needsMetric = true)
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface CmaEs {
    /** Initial step size as a fraction of each parameter's range. */
    double sigma0() default 1.0 / 6;

    /** Candidates per generation; 0 for {@code 4 + floor(3 ln n)}. */
    int populationSize() default 0;

    /** IPOP restarts (twice the population each) when the distribution collapses. */
    int restarts() default 0;

    /** Configs to try first, each a JSON object of parameter values (missing ones are drawn). */
    String[] pointsToEvaluate() default {};

    /** The searcher's own seed; negative derives it from the experiment's seed. */
    long seed() default -1;
}
