package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Writes everything needed to resume into the given, existing directory (Ray Tune's
 * {@code save_checkpoint}). Takes one {@link java.nio.file.Path}; requires a {@link Restore}
 * method; not private, not static. Present together with {@code @Restore}, it enables
 * checkpoints, pausing and failure recovery for the class.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Save {
}
