package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Lets jtune choose the model-based searcher from the search space and the objectives, as Optuna's
 * {@code AutoSampler} does: MOTPE for several objectives; TPE when a parameter is conditional;
 * above {@code gpDimensions} parameters, CMA-ES on a numeric space and TPE on one with categoricals;
 * otherwise GP-BO (categorical parameters one-hot), on a numeric space handing over to CMA-ES (started at the best trial) once
 * {@code switchAfter} trials have finished, if set.
 * The choice is logged and saved with the experiment's state. Needs the experiment's metric and mode.
 */
@SearcherAnnotation(factory = "io.jtune.engine.search.auto.AutoFactory", needsMetric = true)
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Auto {
    /** Spaces of at most this many parameters go to GP-BO; larger ones to CMA-ES (numeric) or TPE (with categoricals). */
    int gpDimensions() default 10;

    /** Finished trials after which GP-BO hands a numeric search over to CMA-ES; 0 (the default) never. */
    int switchAfter() default 0;

    /** Configs to try first, each a JSON object of parameter values (missing ones are drawn). */
    String[] pointsToEvaluate() default {};

    /** The searcher's own seed; negative derives it from the experiment's seed. */
    long seed() default -1;
}
