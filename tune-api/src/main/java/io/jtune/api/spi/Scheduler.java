package io.jtune.api.spi;

import io.jtune.api.SchedulerAnnotation;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
/**
 * Uses the user's own {@link io.jtune.api.spi.TrialScheduler}: a public, non-abstract class with a
 * public no-arg constructor. It counts as the class's one scheduler annotation.
 */
@SchedulerAnnotation(factory = "io.jtune.engine.annotated.CustomSchedulerFactory", needsMetric = false)
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Scheduler {
    Class<? extends TrialScheduler> value();
}
