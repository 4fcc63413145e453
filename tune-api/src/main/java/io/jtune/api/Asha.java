package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Schedules the trials of a {@code @Trainable} class with asynchronous successive halving (Ray
 * Tune's {@code AsyncHyperBandScheduler} / {@code ASHAScheduler}), ranking them by the experiment's
 * metric and mode.
 *
 * <p>Each bracket has rungs at {@code gracePeriod * reductionFactor^(k + s)} units of
 * {@code timeAttr}. When a trial reaches a rung it is stopped if its metric is worse than the
 * {@code (1 - 1/reductionFactor)} quantile of the results recorded at that rung so far; otherwise it
 * continues. A trial that reaches {@code maxT} is stopped when {@code stopLastTrials} is true. With
 * several brackets, each new trial joins one drawn with softmax probabilities over the brackets'
 * rung counts, from the experiment seed. Defaults are Ray Tune's.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@SchedulerAnnotation(factory = "io.jtune.engine.schedule.AsyncHyperBandFactory", needsMetric = true)
public @interface Asha {

    /** The result field measuring progress; it must grow monotonically. */
    String timeAttr() default Result.TRAINING_ITERATION;

    /** Trials stop after this many units of {@code timeAttr} (must be > 0). */
    double maxT() default 100;

    /** The first rung: no trial stops before this many units ({@code 0 < gracePeriod <= maxT}). */
    double gracePeriod() default 1;

    /** Rungs are this factor apart and keep the top 1/reductionFactor (must be > 1). */
    double reductionFactor() default 4;

    /** How many brackets of different aggressiveness (must be >= 1). */
    int brackets() default 1;

    /** Whether trials are stopped when they reach {@code maxT}. */
    boolean stopLastTrials() default true;
}
