package io.jtune.engine.exec;

import io.jtune.api.trainable.TrainFunction;
import io.jtune.api.trainable.Trainable;
import java.util.Objects;
import java.util.function.Supplier;

/** What a trial trains: a class-API trainable made by a factory, or a function-API trainable. */
public sealed interface TrainableSpec {

    /** The trainable's name, the first part of every trial name. */
    String name();

    /**
     * A class-API trainable; {@code factory} makes one new instance a call (bound once, no reflection
     * per call). {@code type} is the class the factory instantiates (an annotated class or a
     * {@link Trainable}), so another process can make the same; null for a user's own factory.
     */
    record ClassApi(String name, Supplier<? extends Trainable> factory, Class<?> type) implements TrainableSpec {
        public ClassApi {
            requireName(name);
            Objects.requireNonNull(factory, "trainable factory");
        }

        /** A trainable made by the user's own factory (it runs in the driver's process only). */
        public ClassApi(String name, Supplier<? extends Trainable> factory) {
            this(name, factory, null);
        }
    }

    /** A function-API trainable, run on its trial's worker. */
    record FunctionApi(String name, TrainFunction function) implements TrainableSpec {
        public FunctionApi {
            requireName(name);
            Objects.requireNonNull(function, "train function");
        }
    }

    private static void requireName(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a trainable needs a non-blank name (it names the trial folders)");
        }
    }
}
