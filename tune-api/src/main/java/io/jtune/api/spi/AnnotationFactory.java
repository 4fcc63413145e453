package io.jtune.api.spi;

import java.lang.annotation.Annotation;

/**
 * Builds a component (a {@link TrialScheduler} or {@link SearchAlgorithm}) from the annotation that
 * declares it on a {@code @Trainable} class. Implementations have a public no-arg constructor and
 * are named by {@link io.jtune.api.SchedulerAnnotation#factory()} or
 * {@link io.jtune.api.SearcherAnnotation#factory()}. Called once per experiment, never on a hot path.
 *
 * @param <A> the annotation type
 * @param <T> what it builds
 */
public interface AnnotationFactory<A extends Annotation, T> {
    T create(A annotation);
}
