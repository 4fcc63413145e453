package io.jtune.engine.annotated;

import io.jtune.api.Isolation;
import io.jtune.api.Trainable;
import io.jtune.api.TuneException;
import io.jtune.api.validation.ReflectiveTypeModel;
import io.jtune.engine.ExecutorFactory;
import io.jtune.engine.Tuner;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The engine's entry to the annotation API: tells annotated classes apart, validates them with
 * the run-time front end of the rules, makes factories of their generated adapters, applies their
 * experiment annotations to a {@link Tuner}, and finds them by name.
 */
public final class AnnotatedTrainables {
    private static final AdapterClasses ADAPTERS = new AdapterClasses();
    private static final TrainableRegistry REGISTRY = new TrainableRegistry();

    private AnnotatedTrainables() {
    }

    /** True when the class carries {@link Trainable @io.jtune.api.Trainable}. */
    public static boolean isAnnotated(Class<?> c) {
        return c.isAnnotationPresent(Trainable.class);
    }

    /**
     * Validates the class (a {@link io.jtune.api.TuneException} lists every problem, each naming
     * its element and the fix; a warning when the annotation processor did not check it at compile
     * time) and returns a factory that makes one adapter, wrapping one new
     * instance of the class, per call. The adapter class is generated once per class and cached
     * weakly.
     */
    public static Supplier<io.jtune.api.trainable.Trainable> factory(Class<?> c) {
        CompileTimeCheck.warnIfUnchecked(c);
        ReflectiveTypeModel.requireValid(c);
        ReflectiveTypeModel model = ReflectiveTypeModel.of(c);
        return new AdapterSupplier(ADAPTERS.adapterOf(model), AdapterBinding.of(model));
    }

    /**
     * Validates the class and applies its experiment annotations ({@code @Param} domains as the
     * search space, metric and mode, samples, seed, stop rules, resources, limits, checkpoints,
     * scheduler, searcher, reuse when it has {@code @Reset}, the executor {@code @Isolation} names)
     * through the Tuner's setters.
     */
    public static void configure(Class<?> c, Tuner tuner) {
        experiment(c).applyTo(tuner);
        Isolation isolation = c.getAnnotation(Isolation.class);
        if (isolation != null) {
            tuner.executor(isolation.value() == Isolation.Mode.PROCESS ? ExecutorFactory.process() : ExecutorFactory.threads());
        }
    }

    /** Validates the class and reads what its annotations declare. */
    public static AnnotatedExperiment experiment(Class<?> c) {
        ReflectiveTypeModel.requireValid(c);
        return ExperimentReader.read(ReflectiveTypeModel.of(c));
    }

    /** The name a class runs under: {@code @Trainable(name = ...)} or its simple name. */
    public static String nameOf(Class<?> c) {
        return TrainableRegistry.nameOf(c);
    }

    /** The registry front ends share. */
    public static TrainableRegistry registry() {
        return REGISTRY;
    }

    /** Registers a class by name, as Ray Tune's {@code register_trainable}. */
    public static void register(Class<?> c) {
        REGISTRY.register(c);
    }

    /**
     * The trainable with this name (registered, listed in an index {@code loader} sees, or a binary
     * class name); a TuneException lists the known names when there is none.
     */
    public static Class<?> forName(String name, ClassLoader loader) {
        Optional<Class<?>> found = REGISTRY.find(name);
        if (found.isEmpty()) {
            REGISTRY.loadIndex(loader);
            found = REGISTRY.find(name).or(() -> annotatedClass(name, loader));
        }
        return found.orElseThrow(() -> new TuneException("no @Trainable named '" + name + "'; known: " + REGISTRY.names()
                + " (compile with the jtune annotation processor to index classes, or register them)"));
    }

    private static Optional<Class<?>> annotatedClass(String name, ClassLoader loader) {
        try {
            Class<?> c = Class.forName(name, false, loader);
            if (isAnnotated(c)) {
                REGISTRY.register(c);
                return Optional.of(c);
            }
            return Optional.empty();
        } catch (ClassNotFoundException e) {
            return Optional.empty();
        }
    }
}
