package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Schedules the trials of a {@code @Trainable} class with the median stopping rule (Ray Tune's
 * {@code MedianStoppingRule}, after Google Vizier), ranking them by the experiment's metric and mode.
 *
 * <p>At time {@code t >= gracePeriod} (in units of {@code timeAttr}) a trial stops when its best
 * result so far is strictly worse than the median, over the other trials that have reached
 * {@code t}, of their mean result between {@code gracePeriod} and {@code t}. At least
 * {@code minSamplesRequired} other trials are needed; with fewer, the trial yields (pauses) to
 * waiting trials when it ran at least {@code minTimeSlice} since it last yielded. With
 * {@code hardStop = false} a trial that fails the rule is paused instead and resumed once no other
 * trial waits. Defaults are Ray Tune's.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@SchedulerAnnotation(factory = "io.jtune.engine.schedule.MedianStoppingFactory", needsMetric = true)
public @interface MedianStopping {

    /** The result field measuring progress; it must grow monotonically. */
    String timeAttr() default Result.TIME_TOTAL_S;

    /** No trial stops before this much {@code timeAttr}; running means start here (must be >= 0). */
    double gracePeriod() default 60.0;

    /** How many other trials must have reached the same time before the rule applies (must be >= 1). */
    int minSamplesRequired() default 3;

    /** A trial runs at least this long before yielding to waiting trials (must be >= 0). */
    double minTimeSlice() default 0;

    /** True stops a trial that fails the rule; false pauses it. */
    boolean hardStop() default true;
}
