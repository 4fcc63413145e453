package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * When trials save checkpoints and how many are kept (Ray Tune's {@code CheckpointConfig}).
 * Requires the class to have {@link Save} and {@link Restore} methods.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Checkpoint {

    /** Save every this many iterations; 0 means not on a schedule. */
    int frequency() default 0;

    /** Save when the trial ends. */
    boolean atEnd() default false;

    /** How many checkpoints to keep per trial; 0 keeps all. The latest one is never deleted. */
    int keep() default 0;

    /** The result metric that ranks checkpoints for {@link #keep}; empty ranks by recency. */
    String score() default "";

    /** {@code "max"} keeps the highest scores, {@code "min"} the lowest (Ray Tune's default is max). */
    String scoreOrder() default "max";
}
