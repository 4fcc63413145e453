package io.jtune.engine.annotated;

import io.jtune.api.TuneException;
import io.jtune.api.trainable.ClassTrainable;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.function.Supplier;

/** Makes one adapter (and so one instance of the user's class) per call: one per trial. */
final class AdapterSupplier implements Supplier<ClassTrainable> {
    private final MethodHandle constructor;
    private final AdapterBinding binding;

    AdapterSupplier(Class<? extends AnnotatedTrainableAdapter> adapter, AdapterBinding binding) {
        this.binding = binding;
        try {
            this.constructor = MethodHandles.lookup().findConstructor(adapter, MethodType.methodType(void.class, AdapterBinding.class))
                    .asType(MethodType.methodType(AnnotatedTrainableAdapter.class, AdapterBinding.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw new IllegalStateException("generated adapter " + adapter.getName() + " has no usable constructor", e);
        }
    }

    @Override
    public ClassTrainable get() {
        try {
            return (AnnotatedTrainableAdapter) constructor.invokeExact(binding);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new TuneException("the no-arg constructor of " + binding.className() + " threw " + e, e);
        }
    }
}
