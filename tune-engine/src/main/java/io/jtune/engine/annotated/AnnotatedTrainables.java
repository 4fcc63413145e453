package io.jtune.engine.annotated;

import io.jtune.api.Isolation;
import io.jtune.api.Trainable;
import io.jtune.api.TuneException;
import io.jtune.api.validation.ReflectiveTypeModel;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The engine's entry to the annotation API: tells annotated classes apart, validates them with
 * the run-time front end of the rules, makes factories of their generated adapters, applies their
 * experiment annotations to a {@link io.jtune.engine.Tuner}, and finds them by name.
 */
public final class AnnotatedTrainables {
    private AnnotatedTrainables() {
    }

    /** Made on first use, so that telling a plain {@code Trainable} class apart loads no Byte Buddy. */
    private static final class Adapters {
        static final AdapterClasses INSTANCE = new AdapterClasses();
    }

    /** Made on first use, so that telling a plain {@code Trainable} class apart starts no logging. */
    private static final class Registry {
        static final TrainableRegistry INSTANCE = new TrainableRegistry();
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
    public static Supplier<io.jtune.api.trainable.ClassTrainable> factory(Class<?> c) {
        CompileTimeCheck.warnIfUnchecked(c);
        ReflectiveTypeModel.requireValid(c);
        ReflectiveTypeModel model = ReflectiveTypeModel.of(c);
        return new AdapterSupplier(Adapters.INSTANCE.adapterOf(model), AdapterBinding.of(model));
    }

    /**
     * The executor {@code @Isolation} on the class names ({@code process} or {@code threads}), for
     * the one executor registry to resolve; empty when the class does not say.
     */
    public static Optional<String> isolation(Class<?> c) {
        Isolation isolation = c.getAnnotation(Isolation.class);
        return isolation == null ? Optional.empty()
                : Optional.of(isolation.value() == Isolation.Mode.PROCESS ? "process" : "threads");
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
        return Registry.INSTANCE;
    }

    /** Registers a class by name, as Ray Tune's {@code register_trainable}. */
    public static void register(Class<?> c) {
        Registry.INSTANCE.register(c);
    }

    /**
     * The trainable with this name (registered, listed in an index {@code loader} sees, or a binary
     * class name); a TuneException lists the known names when there is none.
     */
    public static Class<?> forName(String name, ClassLoader loader) {
        Optional<Class<?>> found = Registry.INSTANCE.find(name);
        if (found.isEmpty()) {
            Registry.INSTANCE.loadIndex(loader);
            found = Registry.INSTANCE.find(name).or(() -> annotatedClass(name, loader));
        }
        return found.orElseThrow(() -> new TuneException("no @Trainable named '" + name + "'; known: " + Registry.INSTANCE.names()
                + " (compile with the jtune annotation processor to index classes, or register them)"));
    }

    private static Optional<Class<?>> annotatedClass(String name, ClassLoader loader) {
        try {
            Class<?> c = Class.forName(name, false, loader);
            if (isAnnotated(c)) {
                Registry.INSTANCE.register(c);
                return Optional.of(c);
            }
            return Optional.empty();
        } catch (ClassNotFoundException e) {
            return Optional.empty();
        }
    }
}
