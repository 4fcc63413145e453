package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How often a failed trial is retried from its last checkpoint before it stays ERROR (Ray Tune's
 * {@code max_failures}; default 0, -1 retries without limit).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface MaxFailures {
    int value();
}
