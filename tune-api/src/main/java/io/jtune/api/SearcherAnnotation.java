package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an annotation as choosing the experiment's search algorithm ({@code @Tpe}, ...). A
 * {@code @Trainable} class may carry at most one such annotation. {@code factory} names a class
 * implementing {@link io.jtune.api.spi.AnnotationFactory} (public, no-arg constructor) that turns
 * the annotation into a {@link io.jtune.api.spi.SearchAlgorithm}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.ANNOTATION_TYPE)
public @interface SearcherAnnotation {
    /** Fully qualified name of the {@link io.jtune.api.spi.AnnotationFactory} implementation. */
    String factory();

    /** True when the searcher models the experiment's metric, so one must be declared. */
    boolean needsMetric() default true;
}
