package io.jtune.api.validation;

import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.List;

/** A field read by reflection. */
public final class ReflectiveFieldModel extends ReflectiveElement implements FieldModel {
    private final Field field;

    ReflectiveFieldModel(Field field) {
        super(field, field.getModifiers());
        this.field = field;
    }

    public Field field() {
        return field;
    }

    @Override
    public String name() {
        return field.getName();
    }

    @Override
    public boolean isFinal() {
        return java.lang.reflect.Modifier.isFinal(field.getModifiers());
    }

    @Override
    public ValueType type() {
        return valueType(field.getType());
    }

    /** The value type of a field of class {@code c}. */
    public static ValueType valueType(Class<?> c) {
        if (c.isEnum()) {
            List<String> constants = Arrays.stream(c.getDeclaredFields()).filter(Field::isEnumConstant).map(Field::getName).toList();
            return new ValueType(ValueType.Kind.ENUM, typeName(c), constants);
        }
        return new ValueType(ValueType.kindOf(typeName(c).qualified()), typeName(c), List.of());
    }
}
