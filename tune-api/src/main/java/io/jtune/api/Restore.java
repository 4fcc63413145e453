package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Restores the state a {@link Save} method wrote into the given directory (Ray Tune's
 * {@code load_checkpoint}); called after {@link Setup}. Takes one {@link java.nio.file.Path};
 * requires a {@code @Save} method; not private, not static.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Restore {
}
