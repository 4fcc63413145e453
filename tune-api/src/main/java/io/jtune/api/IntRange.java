package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An integer, with Ray Tune's bounds. Without a {@code step}: drawn from {@code [min, max)}, max
 * excluded ({@code tune.randint}, or {@code tune.lograndint} when {@code log}); requires
 * {@code min < max}. With {@code step >= 1}: a multiple of step drawn from {@code [min, max]}, max
 * included ({@code tune.qrandint} / {@code tune.qlograndint}); requires {@code min <= max} and a
 * multiple of step between them. {@code log} requires {@code min > 0}. For {@code int} or
 * {@code long} {@link Param} fields.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface IntRange {
    int min();

    int max();

    /** Quantisation step (Ray Tune's {@code q}); 0 means none, which excludes max. */
    int step() default 0;

    /** Draw log-uniformly instead of uniformly. */
    boolean log() default false;
}
