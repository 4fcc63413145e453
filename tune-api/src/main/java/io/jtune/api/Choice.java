package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * One of the values, each equally likely (Ray Tune's {@code tune.choice}). Values are written as
 * text and converted to the {@link Param} field's type: numbers for numeric fields,
 * {@code "true"}/{@code "false"} for booleans, constant names for enums, as-is for strings. At
 * least one value; each must convert.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Choice {
    String[] value();
}
