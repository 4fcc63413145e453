package io.jtune.engine.annotated;

import static net.bytebuddy.matcher.ElementMatchers.named;

import io.jtune.api.Reset;
import io.jtune.api.Restore;
import io.jtune.api.Save;
import io.jtune.api.Setup;
import io.jtune.api.Step;
import io.jtune.api.Teardown;
import io.jtune.api.TuneException;
import io.jtune.api.validation.ReflectiveMethodModel;
import io.jtune.api.validation.ReflectiveTypeModel;
import java.lang.annotation.Annotation;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.TypeCache;
import net.bytebuddy.description.modifier.TypeManifestation;
import net.bytebuddy.description.modifier.Visibility;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import net.bytebuddy.dynamic.scaffold.subclass.ConstructorStrategy;
import net.bytebuddy.implementation.FieldAccessor;
import net.bytebuddy.implementation.MethodCall;

/**
 * Generates the adapter class of a {@code @Trainable} class with Byte Buddy and caches it weakly
 * per class (one {@link ByteBuddy}, one {@link TypeCache}, as Hibernate's {@code ByteBuddyState}).
 * The adapter is defined in the user's package through a private lookup
 * ({@link ClassLoadingStrategy.UsingLookup}), so public and package-private classes work on Java
 * 17 without {@code --add-opens}.
 */
final class AdapterClasses {
    private static final String TARGET = "target";
    private static final String SUFFIX = "$JTuneAdapter";

    /** Lifecycle annotation → the adapter method its call overrides. */
    private static final Map<Class<? extends Annotation>, String> HOOKS = Map.of(
            Setup.class, "userSetup",
            Reset.class, "userReset",
            Save.class, "save",
            Restore.class, "restore",
            Teardown.class, "cleanup");

    private final ByteBuddy byteBuddy = new ByteBuddy();
    private final TypeCache<TypeCache.SimpleKey> cache = new TypeCache<>(TypeCache.Sort.WEAK);

    /** The adapter class of a class the rules have accepted, generated on first use. */
    Class<? extends AnnotatedTrainableAdapter> adapterOf(ReflectiveTypeModel model) {
        Class<?> user = model.type();
        return cache.findOrInsert(user.getClassLoader(), new TypeCache.SimpleKey(user), () -> make(model), cache)
                .asSubclass(AnnotatedTrainableAdapter.class);
    }

    private Class<?> make(ReflectiveTypeModel model) throws ReflectiveOperationException {
        Class<?> user = model.type();
        DynamicType.Builder<?> builder = byteBuddy.subclass(AnnotatedTrainableAdapter.class, ConstructorStrategy.Default.NO_CONSTRUCTORS)
                .name(user.getName() + SUFFIX)
                .modifiers(Visibility.PUBLIC, TypeManifestation.FINAL)
                .defineField(TARGET, user, Visibility.PRIVATE)
                .defineConstructor(Visibility.PUBLIC).withParameters(AdapterBinding.class)
                .intercept(MethodCall.invoke(AnnotatedTrainableAdapter.class.getDeclaredConstructor(AdapterBinding.class)).withArgument(0)
                        .andThen(MethodCall.construct(user.getDeclaredConstructor()).setsField(named(TARGET))))
                .method(named("target")).intercept(FieldAccessor.ofField(TARGET));
        builder = StepCode.define(builder, annotated(model, Step.class).orElseThrow(), TARGET);
        for (Map.Entry<Class<? extends Annotation>, String> hook : HOOKS.entrySet()) {
            Optional<Method> m = annotated(model, hook.getKey());
            if (m.isPresent()) {
                MethodCall call = MethodCall.invoke(m.get()).onField(TARGET);
                builder = builder.method(named(hook.getValue())).intercept(m.get().getParameterCount() == 1 ? call.withArgument(0) : call);
            }
        }
        return builder.make().load(user.getClassLoader(), lookupStrategy(user)).getLoaded();
    }

    private static Optional<Method> annotated(ReflectiveTypeModel model, Class<? extends Annotation> annotation) {
        return model.methods().stream().filter(m -> m.has(annotation)).findFirst().map(m -> ((ReflectiveMethodModel) m).method());
    }

    private static ClassLoadingStrategy<ClassLoader> lookupStrategy(Class<?> user) {
        try {
            return ClassLoadingStrategy.UsingLookup.of(MethodHandles.privateLookupIn(user, MethodHandles.lookup()));
        } catch (IllegalAccessException e) {
            throw new TuneException("cannot define the adapter of " + user.getName() + " in its package: its module must open package "
                    + user.getPackageName() + " to jtune (module-info: opens " + user.getPackageName() + ")", e);
        }
    }
}
