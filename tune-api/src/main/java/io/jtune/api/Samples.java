package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How many trials to sample from the {@link Param} space (Ray Tune's {@code num_samples}, default
 * 1). With {@link Grid} parameters, the whole grid is repeated this many times. At least 1.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Samples {
    int value();
}
