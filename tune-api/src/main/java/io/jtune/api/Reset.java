package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes this instance ready for another trial so it can be reused (Ray Tune's
 * {@code reset_config}). The engine first injects the new trial's {@link Param} values, then calls
 * the method, which takes no parameter or the new {@link Config} and returns {@code boolean}:
 * true when the instance is now as good as freshly set up, false to have a new instance made.
 * At most one per class; not private, not static.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Reset {
}
