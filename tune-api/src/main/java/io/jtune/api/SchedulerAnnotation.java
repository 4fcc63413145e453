package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an annotation as choosing the experiment's trial scheduler ({@code @Fifo}, {@code @Asha},
 * ...). A {@code @Trainable} class may carry at most one such annotation. {@code factory} names a
 * class implementing {@link io.jtune.api.spi.AnnotationFactory} (public, no-arg constructor) that
 * turns the annotation into a {@link io.jtune.api.spi.TrialScheduler}; it is a name, not a class
 * literal, so this module does not depend on the engine.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.ANNOTATION_TYPE)
public @interface SchedulerAnnotation {
    /** Fully qualified name of the {@link io.jtune.api.spi.AnnotationFactory} implementation. */
    String factory();

    /** True when the scheduler ranks trials by the experiment's metric, so one must be declared. */
    boolean needsMetric() default true;
}
