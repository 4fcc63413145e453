package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A verdict on the experiment, checked when it ends by the test engine and {@code tune:run}:
 * {@code metric} in the best trial's last result (best by the experiment's metric and mode) must
 * lie within {@code [atLeast, atMost]}. Give at least one bound; an unset bound is NaN. Empty
 * {@code metric} means the {@link Trainable#metric}. Repeatable.
 */
@Repeatable(Expect.List.class)
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Expect {
    String metric() default "";

    double atLeast() default Double.NaN;

    double atMost() default Double.NaN;

    /** Holds repeated {@link Expect} annotations. */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface List {
        Expect[] value();
    }
}
