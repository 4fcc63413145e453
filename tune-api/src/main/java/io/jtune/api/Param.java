package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A hyperparameter: the field receives the trial's value before {@link Setup} runs (once per
 * trial, and again on {@link Reset}). The field must be neither final nor static and carry exactly
 * one domain annotation: {@link Uniform}, {@link LogUniform}, {@link Normal}, {@link IntRange},
 * {@link Choice} or {@link Grid}. Supported field types: {@code int}, {@code long},
 * {@code double}, {@code float}, {@code boolean}, their wrappers, {@code String} and enums.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Param {

    /** The key in the trial's config; empty means the field name. Must not contain {@code /}. */
    String value() default "";
}
