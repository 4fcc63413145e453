package io.jtune.engine.annotated;

import io.jtune.api.SchedulerAnnotation;
import io.jtune.api.SearcherAnnotation;
import io.jtune.api.TuneException;
import io.jtune.api.spi.AnnotationFactory;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.api.spi.TrialScheduler;
import java.lang.annotation.Annotation;
import java.util.Optional;
import java.util.function.Function;

/**
 * Builds the scheduler and searcher a class declares through any annotation meta-annotated with
 * {@link SchedulerAnnotation} or {@link SearcherAnnotation}: loads the named
 * {@link AnnotationFactory} and hands it the annotation. Knows no annotation by name, so
 * annotations added by other modules work unchanged.
 */
final class ComponentFactories {
    private ComponentFactories() {
    }

    /** The scheduler the class declares, if any (the rules allow at most one). */
    static Optional<TrialScheduler> scheduler(Class<?> c) {
        return component(c, SchedulerAnnotation.class, SchedulerAnnotation::factory, TrialScheduler.class);
    }

    /** The searcher the class declares, if any (the rules allow at most one). */
    static Optional<SearchAlgorithm> searcher(Class<?> c) {
        return component(c, SearcherAnnotation.class, SearcherAnnotation::factory, SearchAlgorithm.class);
    }

    private static <M extends Annotation, T> Optional<T> component(Class<?> c, Class<M> metaAnnotation, Function<M, String> factory, Class<T> kind) {
        for (Annotation a : c.getDeclaredAnnotations()) {
            M meta = a.annotationType().getAnnotation(metaAnnotation);
            if (meta != null) {
                return Optional.of(build(c, a, factory.apply(meta), kind));
            }
        }
        return Optional.empty();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static <T> T build(Class<?> trainable, Annotation a, String factoryName, Class<T> kind) {
        String what = "@" + a.annotationType().getSimpleName() + " on " + trainable.getName();
        Class<?> factoryClass = load(trainable, a, factoryName, what);
        if (!AnnotationFactory.class.isAssignableFrom(factoryClass)) {
            throw new TuneException(what + " names factory " + factoryName + ", which does not implement " + AnnotationFactory.class.getName());
        }
        AnnotationFactory factory = (AnnotationFactory) UserClasses.instantiate(factoryClass, "the factory of " + what);
        Object built;
        try {
            built = factory.create(a);
        } catch (ClassCastException e) {
            throw new TuneException(what + ": factory " + factoryName + " does not take @" + a.annotationType().getSimpleName(), e);
        } catch (IllegalArgumentException e) {
            throw new TuneException(what + ": " + e.getMessage(), e);
        }
        if (!kind.isInstance(built)) {
            throw new TuneException(what + ": factory " + factoryName + " built " + (built == null ? "null" : built.getClass().getName()) + ", not a " + kind.getSimpleName());
        }
        return kind.cast(built);
    }

    private static Class<?> load(Class<?> trainable, Annotation a, String name, String what) {
        for (ClassLoader loader : new ClassLoader[] {trainable.getClassLoader(), a.annotationType().getClassLoader(), ComponentFactories.class.getClassLoader()}) {
            try {
                return Class.forName(name, false, loader);
            } catch (ClassNotFoundException e) {
                // try the next loader
            }
        }
        throw new TuneException(what + " names factory " + name + ", which is not on the classpath: add the module that provides @"
                + a.annotationType().getSimpleName() + " to the dependencies");
    }
}
