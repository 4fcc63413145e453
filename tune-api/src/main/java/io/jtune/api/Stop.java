package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * When trials, or the whole experiment, stop (Ray Tune's {@code stop} criteria and stoppers). A
 * trial stops as soon as any rule given here says so; rules left at their defaults are off.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Stop {

    /** Stop each trial after this many iterations ({@code training_iteration}); 0 means no limit. */
    int iterations() default 0;

    /** Stop the whole experiment after this many seconds of wall time; 0 means no budget. */
    double timeBudgetS() default 0;

    /** Stop a trial when any of these metric thresholds is reached. */
    When[] when() default {};

    /**
     * Stop a trial whose {@link Trainable#metric} has plateaued: the standard deviation of its last
     * {@link #plateauResults} values is below this (Ray Tune's {@code TrialPlateauStopper}); 0 is
     * off. Needs a declared metric.
     */
    double plateauStd() default 0;

    /** How many recent results the plateau rule looks at (Ray Tune's default 4). */
    int plateauResults() default 4;

    /** Results a trial reports before the plateau rule applies (Ray Tune's default 4). */
    int plateauGracePeriod() default 4;

    /** A threshold on one reported metric: reached when the value is {@code >= atLeast} or {@code <= atMost}. */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({})
    @interface When {
        String metric();

        /** Reached when the metric is at least this; NaN means no lower threshold. */
        double atLeast() default Double.NaN;

        /** Reached when the metric is at most this; NaN means no upper threshold. */
        double atMost() default Double.NaN;
    }
}
