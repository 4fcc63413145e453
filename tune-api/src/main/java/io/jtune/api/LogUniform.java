package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A float whose logarithm is uniform in {@code [log min, log max)} (Ray Tune's
 * {@code tune.loguniform}); with {@code q > 0}, rounded to a multiple of q
 * ({@code tune.qloguniform}). For {@code double} or {@code float} {@link Param} fields; requires
 * {@code 0 < min < max} (the values themselves, not their logarithms).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface LogUniform {
    double min();

    double max();

    /** Quantisation step; 0 means none. */
    double q() default 0;
}
