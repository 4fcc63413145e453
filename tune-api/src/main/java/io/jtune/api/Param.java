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
 *
 * <p>A parameter that only matters for some values of a {@link Choice} is conditional:
 * {@code @Param(value = "momentum", when = "optimizer=sgd")}, or {@code when = "kernel=poly|rbf"}
 * for several values. It is sampled only in trials where the condition holds (and the named
 * parameter is active itself); in other trials the config has no value for it and the field keeps
 * the value it had when the instance was created (its initializer or Java default, also when an
 * instance is reused through {@link Reset}). Model-based searchers learn about it only from the
 * trials where it was active. The named parameter must be a {@code @Choice} (or {@code @Grid})
 * parameter of the class, each value one of its values, and a conditional parameter cannot be a
 * {@code @Grid} itself.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Param {

    /** The key in the trial's config; empty means the field name. Must not contain {@code /}. */
    String value() default "";

    /**
     * When the parameter is active: {@code "<parameter>=<value>"} or
     * {@code "<parameter>=<value>|<value>..."}, naming another {@code @Param} by its config key;
     * empty (the default) means always.
     */
    String when() default "";
}
