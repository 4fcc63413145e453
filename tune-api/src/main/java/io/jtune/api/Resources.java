package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What each trial needs while it runs (Ray Tune's {@code resources_per_trial}); the default is one
 * CPU. A trial waits until its resources are free; one that asks for more than the machine has
 * fails at once.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Resources {
    double cpu() default 1;

    /** GPUs; fractions share a GPU between trials. */
    double gpu() default 0;

    /** Memory in mebibytes; 0 means not accounted. */
    long memoryMb() default 0;

    /** Named custom resources. */
    Custom[] custom() default {};

    /** An amount of a named custom resource. */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({})
    @interface Custom {
        String name();

        double amount();
    }
}
