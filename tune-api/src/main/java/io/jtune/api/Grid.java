package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Grid search (Ray Tune's {@code tune.grid_search}): every value is tried, crossed with the other
 * grids, and the whole grid is repeated {@link Samples} times. Values are written as text and
 * converted to the field's type as for {@link Choice}. At least one value; each must convert.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Grid {
    String[] value();
}
