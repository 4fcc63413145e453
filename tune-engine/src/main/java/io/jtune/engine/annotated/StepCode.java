package io.jtune.engine.annotated;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.jtune.api.validation.ReflectiveMethodModel;
import io.jtune.api.validation.ResultShape;
import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.Map;
import net.bytebuddy.description.modifier.Visibility;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.implementation.MethodCall;

/**
 * Generates an adapter's {@code step()}: a direct call of the user's {@code @Step} method on the
 * field holding the instance, its result turned into metrics by code chosen once per class. A
 * map is returned as is; a number goes under the metric; a record or bean is read by a generated
 * private method that calls each accessor directly and puts its value into a fresh map.
 */
final class StepCode {
    private static final String METRICS_OF = "jtune$metricsOf";
    private static final Method MAP_RESULT = method("mapResult", Map.class);
    private static final Method PRIMITIVE_RESULT = method("numberResult", double.class);
    private static final Method BOXED_RESULT = method("numberResult", Number.class);
    private static final Method REQUIRE_RESULT = method("requireResult", Object.class);
    private static final Method NEW_METRICS = method("newMetrics", int.class);
    private static final Method PUT = method("put", LinkedHashMap.class, String.class, Object.class);

    private StepCode() {
    }

    /** Adds {@code step()} for the given {@code @Step} method to the adapter being built. */
    static DynamicType.Builder<?> define(DynamicType.Builder<?> builder, Method step, String targetField) {
        MethodCall userStep = MethodCall.invoke(step).onField(targetField);
        Class<?> type = step.getReturnType();
        ResultShape shape = ReflectiveMethodModel.shapeOf(type);
        MethodCall body = switch (shape.kind()) {
            case MAP -> MethodCall.invoke(MAP_RESULT).withMethodCall(userStep);
            case NUMBER -> MethodCall.invoke(type.isPrimitive() ? PRIMITIVE_RESULT : BOXED_RESULT).withMethodCall(userStep);
            case PROPERTIES -> {
                builder = builder.defineMethod(METRICS_OF, Map.class, Visibility.PRIVATE).withParameters(type).intercept(readProperties(type));
                yield MethodCall.invoke(named(METRICS_OF)).withMethodCall(userStep);
            }
            case VOID, UNUSABLE -> throw new IllegalArgumentException(step + " returns no metrics; the rules should have refused it");
        };
        return builder.method(named("step").and(takesArguments(0))).intercept(body);
    }

    /** {@code requireResult(r); return put(put(newMetrics(n), "a", r.a()), "b", r.b());} */
    private static net.bytebuddy.implementation.Implementation readProperties(Class<?> type) {
        Map<String, Method> getters = ReflectiveMethodModel.propertyGetters(type);
        MethodCall metrics = MethodCall.invoke(NEW_METRICS).with(getters.size());
        for (Map.Entry<String, Method> g : getters.entrySet()) {
            metrics = MethodCall.invoke(PUT).withMethodCall(metrics).with(g.getKey()).withMethodCall(MethodCall.invoke(g.getValue()).onArgument(0));
        }
        return MethodCall.invoke(REQUIRE_RESULT).withArgument(0).andThen(metrics);
    }

    private static Method method(String name, Class<?>... parameters) {
        try {
            return AnnotatedTrainableAdapter.class.getDeclaredMethod(name, parameters);
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
