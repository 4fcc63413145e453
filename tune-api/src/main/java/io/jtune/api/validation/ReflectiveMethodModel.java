package io.jtune.api.validation;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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
        List<String> properties = List.copyOf(propertyGetters(c).keySet());
        return shape(properties.isEmpty() ? ResultShape.Kind.UNUSABLE : ResultShape.Kind.PROPERTIES, c, properties);
    }

    /**
     * The metrics a record or bean of class {@code c} reports, by name, with the method that reads
     * each: record components in order, or public getters (outside the platform's packages) sorted
     * by property name.
     */
    public static Map<String, Method> propertyGetters(Class<?> c) {
        Map<String, Method> out = new LinkedHashMap<>();
        if (c.isRecord()) {
            for (RecordComponent rc : c.getRecordComponents()) {
                out.put(rc.getName(), rc.getAccessor());
            }
            return out;
        }
        Map<String, Method> sorted = new TreeMap<>();
        for (Method m : c.getMethods()) {
            if (!Modifier.isStatic(m.getModifiers()) && m.getParameterCount() == 0 && m.getReturnType() != void.class
                    && !ResultShape.isPlatformPackage(m.getDeclaringClass().getPackageName())) {
                String name = ResultShape.propertyOf(m.getName(), m.getReturnType() == boolean.class);
                if (name != null) {
                    sorted.putIfAbsent(name, m);
                }
            }
        }
        out.putAll(sorted);
        return out;
    }

    private static ResultShape shape(ResultShape.Kind kind, Class<?> c, List<String> properties) {
        Visibility access = Visibility.PUBLIC;
        for (Class<?> e = c; e != null && !e.isPrimitive() && !e.isArray(); e = e.getEnclosingClass()) {
            access = access.narrowest(visibilityOf(e.getModifiers()));
        }
        return new ResultShape(kind, typeName(c), properties, access, c.isPrimitive() || c.isArray() ? "" : c.getPackageName());
    }
}
