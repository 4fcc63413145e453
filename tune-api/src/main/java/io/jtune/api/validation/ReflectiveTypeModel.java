package io.jtune.api.validation;

import io.jtune.api.SchedulerAnnotation;
import io.jtune.api.SearcherAnnotation;
import io.jtune.api.TuneException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The run-time front end of the rules: a {@link TypeModel} over a loaded class, read by
 * reflection once (never on a hot path). {@link #problems} runs {@link TrainableRules} on it.
 */
public final class ReflectiveTypeModel extends ReflectiveElement implements TypeModel {
    private final Class<?> type;

    private ReflectiveTypeModel(Class<?> type) {
        super(type, type.getModifiers());
        this.type = type;
    }

    public static ReflectiveTypeModel of(Class<?> type) {
        return new ReflectiveTypeModel(type);
    }

    /** Every problem of the class under the rules of a {@code @Trainable} class. */
    public static List<Problem> problems(Class<?> type) {
        return TrainableRules.check(of(type));
    }

    /**
     * Throws a {@link TuneException} listing every problem of the class, each naming its element
     * and the fix, unless the class is a valid {@code @Trainable} class.
     */
    public static void requireValid(Class<?> type) {
        List<Problem> problems = problems(type);
        if (!problems.isEmpty()) {
            StringBuilder s = new StringBuilder(type.getName()).append(" is not a valid @Trainable class; fix ")
                    .append(problems.size() == 1 ? "this problem" : "these " + problems.size() + " problems").append(':');
            problems.forEach(p -> s.append(System.lineSeparator()).append("  - ").append(p.message()));
            throw new TuneException(s.toString());
        }
    }

    public Class<?> type() {
        return type;
    }

    @Override
    public String name() {
        return type.getSimpleName();
    }

    @Override
    public String qualifiedName() {
        return type.getName();
    }

    @Override
    public String packageName() {
        return type.getPackageName();
    }

    @Override
    public Kind kind() {
        if (type.isAnnotation()) {
            return Kind.ANNOTATION;
        }
        if (type.isInterface()) {
            return Kind.INTERFACE;
        }
        if (type.isEnum()) {
            return Kind.ENUM;
        }
        return type.isRecord() ? Kind.RECORD : Kind.CLASS;
    }

    @Override
    public boolean isAbstract() {
        return Modifier.isAbstract(type.getModifiers()) && !type.isInterface();
    }

    @Override
    public boolean isInner() {
        return type.isMemberClass() && !Modifier.isStatic(type.getModifiers()) || type.isLocalClass() || type.isAnonymousClass();
    }

    @Override
    public Optional<Visibility> noArgConstructor() {
        try {
            return Optional.of(visibilityOf(type.getDeclaredConstructor().getModifiers()));
        } catch (NoSuchMethodException e) {
            return Optional.empty();
        }
    }

    @Override
    public List<FieldModel> fields() {
        List<FieldModel> out = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (!f.isSynthetic()) {
                    out.add(new ReflectiveFieldModel(f));
                }
            }
        }
        return out;
    }

    @Override
    public List<MethodModel> methods() {
        List<MethodModel> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                if (!m.isSynthetic() && !m.isBridge()) {
                    ReflectiveMethodModel model = new ReflectiveMethodModel(m);
                    if (seen.add(model.signature())) {
                        out.add(model);
                    }
                }
            }
        }
        return out;
    }

    @Override
    public List<ComponentAnnotation> componentAnnotations() {
        List<ComponentAnnotation> out = new ArrayList<>();
        for (Annotation a : type.getDeclaredAnnotations()) {
            Class<? extends Annotation> at = a.annotationType();
            SchedulerAnnotation s = at.getAnnotation(SchedulerAnnotation.class);
            if (s != null) {
                out.add(new ComponentAnnotation(at.getSimpleName(), ComponentAnnotation.Kind.SCHEDULER, s.needsMetric(), s.factory()));
            }
            SearcherAnnotation r = at.getAnnotation(SearcherAnnotation.class);
            if (r != null) {
                out.add(new ComponentAnnotation(at.getSimpleName(), ComponentAnnotation.Kind.SEARCHER, r.needsMetric(), r.factory()));
            }
        }
        return out;
    }

    @Override
    public Optional<TypeModel> classAttribute(Class<? extends Annotation> annotation) {
        Annotation a = type.getAnnotation(annotation);
        if (a == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(of((Class<?>) annotation.getMethod("value").invoke(a)));
        } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalArgumentException("@" + annotation.getSimpleName() + " has no readable class attribute 'value'", e);
        }
    }
}
