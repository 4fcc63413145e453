package io.jtune.engine.annotated;

import io.jtune.api.Trainable;
import io.jtune.api.validation.ReflectiveTypeModel;
import io.jtune.engine.Tuner;
import java.util.function.Supplier;

/**
 * The engine's entry to the annotation API: tells annotated classes apart, validates them with
 * the run-time front end of the rules, makes factories of their generated adapters, applies their
 * experiment annotations to a {@link Tuner}, and finds them by name.
 */
public final class AnnotatedTrainables {
    private static final AdapterClasses ADAPTERS = new AdapterClasses();

    private AnnotatedTrainables() {
    }

    /** True when the class carries {@link Trainable @io.jtune.api.Trainable}. */
    public static boolean isAnnotated(Class<?> c) {
        return c.isAnnotationPresent(Trainable.class);
    }

    /**
     * Validates the class (a {@link io.jtune.api.TuneException} lists every problem, each naming
     * its element and the fix) and returns a factory that makes one adapter, wrapping one new
     * instance of the class, per call. The adapter class is generated once per class and cached
     * weakly.
     */
    public static Supplier<io.jtune.api.trainable.Trainable> factory(Class<?> c) {
        ReflectiveTypeModel.requireValid(c);
        ReflectiveTypeModel model = ReflectiveTypeModel.of(c);
        return new AdapterSupplier(ADAPTERS.adapterOf(model), AdapterBinding.of(model));
    }
}
