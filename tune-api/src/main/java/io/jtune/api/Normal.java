package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A float drawn from the normal distribution N(mean, sd) (Ray Tune's {@code tune.randn}); with
 * {@code q > 0}, rounded to a multiple of q ({@code tune.qrandn}). For {@code double} or
 * {@code float} {@link Param} fields; requires {@code sd > 0}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Normal {
    double mean() default 0;

    double sd() default 1;

    /** Quantisation step; 0 means none. */
    double q() default 0;
}
