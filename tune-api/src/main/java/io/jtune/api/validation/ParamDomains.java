package io.jtune.api.validation;

import io.jtune.api.Choice;
import io.jtune.api.Grid;
import io.jtune.api.IntRange;
import io.jtune.api.LogUniform;
import io.jtune.api.Normal;
import io.jtune.api.Param;
import io.jtune.api.Uniform;
import io.jtune.api.space.Domain;
import io.jtune.api.space.Space;
import java.lang.annotation.Annotation;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Turns a domain annotation into the {@link Domain} it declares, through the {@link Space}
 * factories so the semantics are Ray Tune's. Used by the rules (to validate) and by the engine
 * (to build the search space).
 */
public final class ParamDomains {

    /** Every domain annotation, in the order messages list them. */
    public static final List<Class<? extends Annotation>> ANNOTATIONS =
            List.of(Uniform.class, LogUniform.class, Normal.class, IntRange.class, Choice.class, Grid.class);

    private ParamDomains() {
    }

    /** The config key of a {@code @Param} field: the annotation's value, or the field name. */
    public static String paramName(FieldModel field) {
        Param p = field.annotation(Param.class);
        return p == null || p.value().isEmpty() ? field.name() : p.value();
    }

    /** The domain annotations present on the field, in {@link #ANNOTATIONS} order. */
    public static List<Annotation> domainAnnotations(ModelElement field) {
        return ANNOTATIONS.stream().<Annotation>map(field::annotation).filter(Objects::nonNull).toList();
    }

    /**
     * The domain the annotation declares for a field of the given type. Throws an
     * IllegalArgumentException naming the value when a choice or grid value does not convert, or
     * when q is not positive where given; other bounds are checked by {@link Domain#validate}.
     */
    public static Domain of(Annotation annotation, ValueType type) {
        if (annotation instanceof Uniform u) {
            return u.q() > 0 ? Space.quniform(u.min(), u.max(), u.q()) : Space.uniform(u.min(), u.max());
        }
        if (annotation instanceof LogUniform l) {
            return l.q() > 0 ? Space.qloguniform(l.min(), l.max(), l.q()) : Space.loguniform(l.min(), l.max());
        }
        if (annotation instanceof Normal n) {
            return n.q() > 0 ? Space.qrandn(n.mean(), n.sd(), n.q()) : Space.randn(n.mean(), n.sd());
        }
        if (annotation instanceof IntRange r) {
            if (r.step() > 0) {
                return r.log() ? Space.qlograndint(r.min(), r.max(), r.step()) : Space.qrandint(r.min(), r.max(), r.step());
            }
            return r.log() ? Space.lograndint(r.min(), r.max()) : Space.randint(r.min(), r.max());
        }
        if (annotation instanceof Choice c) {
            return Space.choice(values(c.value(), type));
        }
        if (annotation instanceof Grid g) {
            return Space.grid(values(g.value(), type));
        }
        throw new IllegalArgumentException(annotation.annotationType().getName() + " is not a domain annotation");
    }

    private static List<Object> values(String[] texts, ValueType type) {
        return Arrays.stream(texts).map(t -> ParamValues.fromText(t, type)).toList();
    }
}
