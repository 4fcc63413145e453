package io.jtune.engine.remote;

import io.jtune.api.TuneException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Modifier;
import java.util.function.Supplier;

/** Binds a trainable class's no-arg constructor once, as a {@link MethodHandle}; each call then makes an instance without reflection. */
final class TrainableFactories {
    private TrainableFactories() {
    }

    static <T> Supplier<T> noArgConstructor(Class<? extends T> type, Class<T> as) {
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
            throw new IllegalArgumentException("trainable class " + type.getName() + " is abstract; pass a concrete class");
        }
        if (type.isMemberClass() && !Modifier.isStatic(type.getModifiers())) {
            throw new IllegalArgumentException("trainable class " + type.getName() + " is an inner class; declare it static so it can be created on its own");
        }
        MethodHandle constructor;
        try {
            constructor = MethodHandles.privateLookupIn(type, MethodHandles.lookup())
                    .findConstructor(type, MethodType.methodType(void.class))
                    .asType(MethodType.methodType(Object.class));
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException("trainable class " + type.getName() + " has no no-arg constructor; add one, or use Tuner.of(name, factory)", e);
        } catch (IllegalAccessException e) {
            throw new IllegalArgumentException("cannot reach the no-arg constructor of trainable class " + type.getName() + " (" + e.getMessage()
                    + "); make it public or open its package to io.jtune.engine", e);
        }
        return () -> {
            try {
                return as.cast(constructor.invokeExact());
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new TuneException("the constructor of trainable class " + type.getName() + " threw " + e, e);
            }
        };
    }
}
