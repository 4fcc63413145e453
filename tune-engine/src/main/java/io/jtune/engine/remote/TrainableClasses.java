package io.jtune.engine.remote;

import io.jtune.api.TuneException;
import io.jtune.api.trainable.TrainFunction;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.engine.annotated.AnnotatedTrainables;
import io.jtune.engine.spec.TrainableSpec;

/**
 * Turns a trainable class, or its name in another JVM, into a {@link TrainableSpec}: the three
 * kinds of trainable that can be named by class, so that a worker process makes the same trainable
 * as the driver would.
 * <ul>
 *   <li>a class annotated with {@code @io.jtune.api.Trainable} (run through its generated adapter);</li>
 *   <li>a class implementing {@link ClassTrainable} with a no-arg constructor (class API);</li>
 *   <li>a class implementing {@link TrainFunction} with a no-arg constructor (function API; one instance
 *       serves every trial of the JVM, so it should keep no state in fields).</li>
 * </ul>
 */
public final class TrainableClasses {
    private TrainableClasses() {
    }

    /**
     * The trainable {@code type} names.
     *
     * @throws IllegalArgumentException naming the class and the fix when it is none of the three kinds
     */
    public static TrainableSpec spec(Class<?> type) {
        if (AnnotatedTrainables.isAnnotated(type)) {
            return new TrainableSpec.ClassApi(AnnotatedTrainables.nameOf(type), AnnotatedTrainables.factory(type), type);
        }
        if (ClassTrainable.class.isAssignableFrom(type)) {
            return new TrainableSpec.ClassApi(type.getSimpleName(), TrainableFactories.noArgConstructor(type.asSubclass(ClassTrainable.class), ClassTrainable.class), type);
        }
        if (TrainFunction.class.isAssignableFrom(type)) {
            TrainFunction function = TrainableFactories.noArgConstructor(type.asSubclass(TrainFunction.class), TrainFunction.class).get();
            return new TrainableSpec.FunctionApi(type.getSimpleName(), function, type);
        }
        throw new IllegalArgumentException("class " + type.getName() + " is not trainable: implement " + ClassTrainable.class.getName()
                + " or " + TrainFunction.class.getName() + ", or annotate it with @io.jtune.api.Trainable");
    }

    /**
     * The trainable the class named {@code className} (a binary name) defines, loaded through {@code loader}.
     *
     * @throws TuneException naming the class when it cannot be loaded (not on this JVM's class path) or is not trainable
     */
    public static TrainableSpec spec(String className, ClassLoader loader) {
        Class<?> type;
        try {
            type = Class.forName(className, true, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new TuneException("trainable class " + className + " cannot be loaded in this JVM (" + e
                    + "); start the worker with the class path that holds it and its dependencies", e);
        }
        try {
            return spec(type);
        } catch (IllegalArgumentException e) {
            throw new TuneException(e.getMessage(), e);
        }
    }

    /**
     * The class name a trainable is run by in another JVM.
     *
     * @throws IllegalArgumentException naming the trainable when it was given as a lambda or factory
     */
    public static String remoteName(TrainableSpec spec) {
        if (spec.type() == null) {
            throw new IllegalArgumentException("trainable '" + spec.name() + "' was given as a lambda or factory object, which cannot cross to another JVM: "
                    + "make it a class (annotated with @io.jtune.api.Trainable, implementing " + ClassTrainable.class.getName() + ", or implementing "
                    + TrainFunction.class.getName() + " with a public no-arg constructor) and pass Tuner.of(YourClass.class)");
        }
        return spec.type().getName();
    }
}
