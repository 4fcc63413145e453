package io.jtune.engine.annotated;

import io.jtune.api.Param;
import io.jtune.api.Step;
import io.jtune.api.Trainable;
import java.util.Map;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.description.annotation.AnnotationDescription;
import net.bytebuddy.description.modifier.FieldManifestation;
import net.bytebuddy.description.modifier.Visibility;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import net.bytebuddy.implementation.FixedValue;
import net.bytebuddy.implementation.StubMethod;

/**
 * Classes made at test time, each in a class loader of its own: a broken {@code @Trainable} the
 * processor never saw (as if compiled without it) and a valid one whose loader can be collected.
 */
final class GeneratedClasses {
    private GeneratedClasses() {
    }

    /** Final parameter without domain, metric without mode, a step taking an int and returning void. */
    static Class<?> broken() {
        return new ByteBuddy().subclass(Object.class).name("example.generated.Broken")
                .annotateType(AnnotationDescription.Builder.ofType(Trainable.class).define("metric", "loss").build())
                .defineField("lr", double.class, Visibility.PACKAGE_PRIVATE, FieldManifestation.FINAL)
                .annotateField(AnnotationDescription.Builder.ofType(Param.class).build())
                .defineMethod("step", void.class, Visibility.PACKAGE_PRIVATE).withParameters(int.class).intercept(StubMethod.INSTANCE)
                .annotateMethod(AnnotationDescription.Builder.ofType(Step.class).build())
                .make().load(GeneratedClasses.class.getClassLoader(), ClassLoadingStrategy.Default.WRAPPER).getLoaded();
    }

    /** A valid trainable whose step returns an empty map. */
    static Class<?> valid(String name) {
        return new ByteBuddy().subclass(Object.class).name(name)
                .annotateType(AnnotationDescription.Builder.ofType(Trainable.class).build())
                .defineMethod("step", Map.class, Visibility.PUBLIC).intercept(FixedValue.value(Map.of()))
                .annotateMethod(AnnotationDescription.Builder.ofType(Step.class).build())
                .make().load(GeneratedClasses.class.getClassLoader(), ClassLoadingStrategy.Default.WRAPPER).getLoaded();
    }
}
