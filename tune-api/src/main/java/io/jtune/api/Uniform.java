package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A float drawn uniformly from {@code [min, max)} (Ray Tune's {@code tune.uniform}); with
 * {@code q > 0}, rounded to a multiple of q ({@code tune.quniform}, max reachable). For
 * {@code double} or {@code float} {@link Param} fields; requires {@code min < max}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Uniform {
    double min();

    double max();

    /** Quantisation step; 0 means none. */
    double q() default 0;
}
