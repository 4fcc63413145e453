package io.jtune.engine.annotated;

import io.jtune.api.Config;
import io.jtune.api.TuneException;
import io.jtune.api.validation.ParamDomains;
import io.jtune.api.validation.ReflectiveFieldModel;
import io.jtune.api.validation.ValueType;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;

/**
 * Sets one {@code @Param} field from a trial's config, converting the value to the field's type
 * (numbers between number types when nothing is lost, enums by constant name). Bound once per
 * class through a private lookup, so private fields work; used once per trial, never per step.
 */
final class ParamInjector {
    private final String name;
    private final Field field;
    private final ValueType.Kind kind;
    private final MethodHandle setter;

    ParamInjector(ReflectiveFieldModel model) {
        this.name = ParamDomains.paramName(model);
        this.field = model.field();
        this.kind = model.type().kind();
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(field.getDeclaringClass(), MethodHandles.lookup());
            this.setter = lookup.unreflectSetter(field).asType(MethodType.methodType(void.class, Object.class, Object.class));
        } catch (IllegalAccessException e) {
            throw new TuneException("cannot set @Param field " + describe() + ": open its package to jtune (module-info: opens ... to the engine)", e);
        }
    }

    /** The config key this field reads. */
    String name() {
        return name;
    }

    void inject(Object target, Config config) {
        if (!config.has(name)) {
            throw new TuneException("the trial's config has no value for @Param '" + name + "' (" + describe() + "); it has " + config.flatten().keySet()
                    + ": keep the parameter in the search space");
        }
        Object value = convert(config.get(name));
        try {
            setter.invokeExact(target, value);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new TuneException("cannot set @Param " + describe(), e);
        }
    }

    private Object convert(Object v) {
        if (v == null) {
            if (field.getType().isPrimitive()) {
                throw mismatch(v, "a value (the field is primitive)");
            }
            return null;
        }
        return switch (kind) {
            case INT -> Math.toIntExact(whole(v));
            case LONG -> whole(v);
            case DOUBLE -> number(v).doubleValue();
            case FLOAT -> number(v).floatValue();
            case BOOLEAN -> {
                if (v instanceof Boolean b) {
                    yield b;
                }
                throw mismatch(v, "a boolean");
            }
            case STRING -> {
                if (v instanceof String s) {
                    yield s;
                }
                throw mismatch(v, "a string");
            }
            case ENUM -> enumConstant(v);
            case UNSUPPORTED -> throw mismatch(v, "a supported type");
        };
    }

    private long whole(Object v) {
        double d = number(v).doubleValue();
        if (d != Math.rint(d) || Math.abs(d) > Long.MAX_VALUE || kind == ValueType.Kind.INT && (d < Integer.MIN_VALUE || d > Integer.MAX_VALUE)) {
            throw mismatch(v, "a whole number that fits " + field.getType().getSimpleName());
        }
        return number(v).longValue();
    }

    private Number number(Object v) {
        if (v instanceof Number n) {
            return n;
        }
        throw mismatch(v, "a number");
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Object enumConstant(Object v) {
        Class<? extends Enum> type = (Class<? extends Enum>) field.getType();
        if (type.isInstance(v)) {
            return v;
        }
        if (v instanceof String s) {
            try {
                return Enum.valueOf(type, s);
            } catch (IllegalArgumentException e) {
                throw mismatch(v, "a constant of " + type.getSimpleName());
            }
        }
        throw mismatch(v, "the name of a constant of " + type.getSimpleName());
    }

    private TuneException mismatch(Object v, String wanted) {
        String actual = v == null ? "null" : v + " (" + v.getClass().getSimpleName() + ")";
        return new TuneException("the trial's config holds " + actual + " for @Param '" + name + "', but " + describe() + " needs " + wanted);
    }

    private String describe() {
        return "field " + field.getDeclaringClass().getSimpleName() + "." + field.getName() + " of type " + field.getType().getSimpleName();
    }
}
