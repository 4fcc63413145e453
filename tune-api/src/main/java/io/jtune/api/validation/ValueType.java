package io.jtune.api.validation;

import java.util.List;

/**
 * The type of a {@code @Param} field as far as parameter values care: its kind, its name for
 * messages and, for enums, the constant names.
 */
public record ValueType(Kind kind, TypeName name, List<String> enumConstants) {

    /** What a field can hold. Wrappers count as their primitive. */
    public enum Kind {
        INT, LONG, DOUBLE, FLOAT, BOOLEAN, STRING, ENUM, UNSUPPORTED;

        /** True for int and long. */
        public boolean isIntegral() {
            return this == INT || this == LONG;
        }

        /** True for double and float. */
        public boolean isFloating() {
            return this == DOUBLE || this == FLOAT;
        }
    }

    public ValueType {
        enumConstants = List.copyOf(enumConstants);
    }

    /** The kind of a type known by its canonical name, for everything but enums. */
    public static Kind kindOf(String qualifiedName) {
        return switch (qualifiedName) {
            case "int", "java.lang.Integer" -> Kind.INT;
            case "long", "java.lang.Long" -> Kind.LONG;
            case "double", "java.lang.Double" -> Kind.DOUBLE;
            case "float", "java.lang.Float" -> Kind.FLOAT;
            case "boolean", "java.lang.Boolean" -> Kind.BOOLEAN;
            case "java.lang.String" -> Kind.STRING;
            default -> Kind.UNSUPPORTED;
        };
    }
}
