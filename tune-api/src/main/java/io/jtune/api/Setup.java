package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Called once per trial after the {@link Param} fields are injected, before the first
 * {@link Step}. The method takes no parameter, or one {@link Config} (the whole trial config,
 * constants included). At most one per class; not private, not static.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Setup {
}
