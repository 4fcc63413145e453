package io.jtune.engine;

import io.jtune.api.TuneException;
import io.jtune.api.trainable.TrainFunction;
import io.jtune.api.trainable.Trainable;
import io.jtune.engine.annotated.AnnotatedTrainables;
import io.jtune.engine.exec.TrainableSpec;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Modifier;
import java.util.function.Supplier;

/**
 * What trains, made from a class: {@link #specOf} for the three kinds a class can be, and
 * {@link #noArgConstructor}, which binds a trainable class's no-arg constructor once, as a
 * {@link MethodHandle}, so each call makes an instance without reflection. A class (unlike a
 * lambda or a factory) can be made again in another process from its name.
 */
public final class TrainableFactories {
    private TrainableFactories() {
    }

    /**
     * A class annotated with {@code @io.jtune.api.Trainable}, a class implementing {@link Trainable},
     * or a {@link TrainFunction} class (made once, with its no-arg constructor).
     *
     * @throws IllegalArgumentException naming the class when it is none of these or cannot be made
     */
    public static TrainableSpec specOf(Class<?> type) {
        if (AnnotatedTrainables.isAnnotated(type)) {
            return new TrainableSpec.ClassApi(AnnotatedTrainables.nameOf(type), AnnotatedTrainables.factory(type), type);
        }
        if (Trainable.class.isAssignableFrom(type)) {
            return new TrainableSpec.ClassApi(type.getSimpleName(), noArgConstructor(type.asSubclass(Trainable.class)), type);
        }
        if (TrainFunction.class.isAssignableFrom(type)) {
            Supplier<TrainFunction> function = noArgConstructor(type.asSubclass(TrainFunction.class));
            return new TrainableSpec.FunctionApi(type.getSimpleName(), function.get());
        }
        throw new IllegalArgumentException("class " + type.getName() + " is not trainable: implement " + Trainable.class.getName()
                + " or " + TrainFunction.class.getName() + ", or annotate it with @io.jtune.api.Trainable");
    }

    @SuppressWarnings("unchecked")
    static <T> Supplier<T> noArgConstructor(Class<? extends T> type) {
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
                return (T) constructor.invokeExact();
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new TuneException("the constructor of trainable class " + type.getName() + " threw " + e, e);
            }
        };
    }
}
