package io.jtune.api.validation;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/** A method read by reflection. */
public final class ReflectiveMethodModel extends ReflectiveElement implements MethodModel {
    private final Method method;

    ReflectiveMethodModel(Method method) {
        super(method, method.getModifiers());
        this.method = method;
    }

    public Method method() {
        return method;
    }

    @Override
    public String name() {
        return method.getName();
    }

    @Override
    public List<TypeName> parameterTypes() {
        return Arrays.stream(method.getParameterTypes()).map(ReflectiveElement::typeName).toList();
    }

    @Override
    public ResultShape result() {
        return shapeOf(method.getReturnType());
    }

    @Override
    public String declaringPackage() {
        return method.getDeclaringClass().getPackageName();
    }

    /** What a step returning {@code c} reports. */
    public static ResultShape shapeOf(Class<?> c) {
        if (c == void.class) {
            return shape(ResultShape.Kind.VOID, c, List.of());
        }
        if (c.isPrimitive()) {
            return shape(c == boolean.class || c == char.class ? ResultShape.Kind.UNUSABLE : ResultShape.Kind.NUMBER, c, List.of());
        }
        if (Number.class.isAssignableFrom(c)) {
            return shape(ResultShape.Kind.NUMBER, c, List.of());
        }
        if (Map.class.isAssignableFrom(c)) {
            return shape(ResultShape.Kind.MAP, c, List.of());
        }
        if (c.isArray() || ResultShape.isPlatformPackage(c.getPackageName())) {
            return shape(ResultShape.Kind.UNUSABLE, c, List.of());
        }
        List<String> properties = c.isRecord() ? Arrays.stream(c.getRecordComponents()).map(RecordComponent::getName).toList() : beanProperties(c);
        return shape(properties.isEmpty() ? ResultShape.Kind.UNUSABLE : ResultShape.Kind.PROPERTIES, c, properties);
    }

    private static List<String> beanProperties(Class<?> c) {
        return List.copyOf(Arrays.stream(c.getMethods())
                .filter(m -> !Modifier.isStatic(m.getModifiers()) && m.getParameterCount() == 0 && m.getReturnType() != void.class)
                .filter(m -> !ResultShape.isPlatformPackage(m.getDeclaringClass().getPackageName()))
                .map(m -> ResultShape.propertyOf(m.getName(), m.getReturnType() == boolean.class))
                .filter(Objects::nonNull)
                .collect(java.util.stream.Collectors.toCollection(TreeSet::new)));
    }

    private static ResultShape shape(ResultShape.Kind kind, Class<?> c, List<String> properties) {
        Visibility access = Visibility.PUBLIC;
        for (Class<?> e = c; e != null && !e.isPrimitive() && !e.isArray(); e = e.getEnclosingClass()) {
            access = access.narrowest(visibilityOf(e.getModifiers()));
        }
        return new ResultShape(kind, typeName(c), properties, access, c.isPrimitive() || c.isArray() ? "" : c.getPackageName());
    }
}
