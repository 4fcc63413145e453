package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Schedules the trials of a {@code @Trainable} class with synchronous HyperBand (Ray Tune's
 * {@code HyperBandScheduler}), ranking them by the experiment's metric and mode.
 *
 * <p>Trials fill brackets {@code s = 0 .. s_max} of a band in turn, where
 * {@code s_max + 1 = round(log(maxT) / log(reductionFactor)) + 1}; bracket {@code s} holds
 * {@code n = ceil((s_max + 1) / (s + 1) * reductionFactor^s)} trials, which first run
 * {@code r = floor(maxT * reductionFactor^-s)} units of {@code timeAttr}. A trial that reaches its
 * bracket's milestone pauses until every trial of the bracket has; then the best
 * {@code ceil(n / reductionFactor)} continue to a milestone {@code reductionFactor} times further and
 * the rest stop. With {@code forBohb} the bracket order and pausing follow Ray Tune's
 * {@code HyperBandForBOHB}, for the BOHB searcher. Defaults are Ray Tune's.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@SchedulerAnnotation(factory = "io.jtune.engine.schedule.HyperBandFactory", needsMetric = true)
public @interface HyperBand {

    /** The result field measuring progress; it must grow monotonically. */
    String timeAttr() default Result.TRAINING_ITERATION;

    /** The most units of {@code timeAttr} a trial gets (must be > 0). */
    int maxT() default 81;

    /** HyperBand's eta: how sharply brackets cut trials (must be > 1). */
    double reductionFactor() default 3;

    /** Whether trials are stopped when their bracket is done at {@code maxT}. */
    boolean stopLastTrials() default true;

    /** Ray Tune's {@code HyperBandForBOHB}: largest bracket first, trials pause even in unfilled brackets. */
    boolean forBohb() default false;
}
