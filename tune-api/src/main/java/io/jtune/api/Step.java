package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * One training iteration (Ray Tune's {@code step}); exactly one per class, no parameters, not
 * private, not static. It returns the iteration's metrics as one of: a {@code Map<String, ?>} (as
 * is; the keys {@code done} and {@code should_checkpoint} are honoured), a record or bean whose
 * properties are the metrics (the type must be accessible from the class's package), or one number
 * (primitive or wrapper) reported under {@link Trainable#metric}, which must then be set.
 * The engine calls it directly from generated code: no reflection per step.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Step {
}
