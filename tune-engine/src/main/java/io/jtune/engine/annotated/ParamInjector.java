package io.jtune.engine.annotated;

import io.jtune.api.Config;
import io.jtune.api.TuneException;
import io.jtune.api.validation.ParamCondition;
import io.jtune.api.validation.ParamDomains;
import io.jtune.api.validation.ReflectiveFieldModel;
import io.jtune.api.validation.ValueType;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;

/**
 * Sets one {@code @Param} field from a trial's config, converting the value to the field's type
 * (numbers between number types when nothing is lost, enums by constant name). A conditional
 * parameter the config leaves out (inactive in that trial) gets back the value the field had when
 * the instance was created. Bound once per class through a private lookup, so private fields work;
 * used once per trial, never per step.
 */
final class ParamInjector {
    private final String name;
    private final Field field;
    private final ValueType.Kind kind;
    private final boolean conditional;
    private final MethodHandle setter;
    private final MethodHandle getter;

    ParamInjector(ReflectiveFieldModel model) {
        this.name = ParamDomains.paramName(model);
        this.field = model.field();
        this.kind = model.type().kind();
        this.conditional = ParamCondition.of(model).isPresent();
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(field.getDeclaringClass(), MethodHandles.lookup());
            this.setter = lookup.unreflectSetter(field).asType(MethodType.methodType(void.class, Object.class, Object.class));
            this.getter = lookup.unreflectGetter(field).asType(MethodType.methodType(Object.class, Object.class));
        } catch (IllegalAccessException e) {
            throw new TuneException("cannot set @Param field " + describe() + ": open its package to jtune (module-info: opens ... to the engine)", e);
        }
    }

    /** The config key this field reads. */
    String name() {
        return name;
    }

    /** True when the parameter has a {@code when} condition. */
    boolean conditional() {
        return conditional;
    }

    /** The field's current value (read once, when a conditional field's initial value is kept). */
    Object read(Object target) {
        try {
            return getter.invokeExact(target);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new TuneException("cannot read @Param " + describe(), e);
        }
    }

    /** Sets the field from the config; {@code initial} is what a conditional field gets back when the config leaves it out. */
    void inject(Object target, Config config, Object initial) {
        Object value;
        if (config.has(name)) {
            value = convert(config.get(name));
        } else if (conditional) {
            value = initial;
        } else {
            throw new TuneException("the trial's config has no value for @Param '" + name + "' (" + describe() + "); it has " + config.flatten().keySet()
                    + ": keep the parameter in the search space");
        }
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
