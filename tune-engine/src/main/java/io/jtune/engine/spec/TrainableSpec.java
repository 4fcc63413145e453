package io.jtune.engine.spec;

import io.jtune.api.trainable.TrainFunction;
import io.jtune.api.trainable.ClassTrainable;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What a trial trains: a class-API trainable made by a factory, or a function-API trainable.
 * {@link #type()} is the class it was made from, when it was made from a class by name (an
 * annotated class, a class-API class, a function-API class with a no-arg constructor); only such a
 * trainable can run in another JVM. A factory or a lambda has none.
 */
public sealed interface TrainableSpec {

    /** The trainable's name, the first part of every trial name. */
    String name();

    /** The class this trainable is made from by name, or null for a factory or a lambda. */
    Class<?> type();

    /** A class-API trainable; {@code factory} makes one new instance a call (bound once, no reflection per call). */
    record ClassApi(String name, Supplier<? extends ClassTrainable> factory, Class<?> type) implements TrainableSpec {
        public ClassApi {
            requireName(name);
            Objects.requireNonNull(factory, "trainable factory");
        }

        /** A trainable made by a factory, not from a named class. */
        public ClassApi(String name, Supplier<? extends ClassTrainable> factory) {
            this(name, factory, null);
        }
    }

    /** A function-API trainable, run on its trial's worker. */
    record FunctionApi(String name, TrainFunction function, Class<?> type) implements TrainableSpec {
        public FunctionApi {
            requireName(name);
            Objects.requireNonNull(function, "train function");
        }

        /** A function given as an object (e.g. a lambda), not from a named class. */
        public FunctionApi(String name, TrainFunction function) {
            this(name, function, null);
        }
    }

    private static void requireName(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a trainable needs a non-blank name (it names the trial folders)");
        }
    }
}
