package io.jtune.api.validation;

/**
 * Converts the text of a {@code @Choice} or {@code @Grid} value to the value a config holds for a
 * field of the given type: Integer, Long, Double (for double and float fields), Boolean, String,
 * and for enums the constant's name.
 */
public final class ParamValues {
    private ParamValues() {
    }

    /** The config value for {@code text}; an IllegalArgumentException names the text and what it is not. */
    public static Object fromText(String text, ValueType type) {
        String t = text.trim();
        try {
            return switch (type.kind()) {
                case INT -> Integer.valueOf(t);
                case LONG -> Long.valueOf(t);
                case DOUBLE, FLOAT -> Double.valueOf(t);
                case BOOLEAN -> parseBoolean(t);
                case STRING -> text;
                case ENUM -> enumConstant(t, type);
                case UNSUPPORTED -> throw new IllegalArgumentException("\"" + text + "\" cannot be held by type " + type.name().simple());
            };
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("\"" + text + "\" is not " + article(type.name().simple()) + " " + type.name().simple(), e);
        }
    }

    private static Boolean parseBoolean(String t) {
        if (t.equals("true") || t.equals("false")) {
            return Boolean.valueOf(t);
        }
        throw new IllegalArgumentException("\"" + t + "\" is not a boolean (write true or false)");
    }

    private static String enumConstant(String t, ValueType type) {
        if (type.enumConstants().contains(t)) {
            return t;
        }
        throw new IllegalArgumentException("\"" + t + "\" is not a constant of enum " + type.name().simple() + " (it has " + String.join(", ", type.enumConstants()) + ")");
    }

    private static String article(String word) {
        return "aeiouAEIOU".indexOf(word.charAt(0)) >= 0 ? "an" : "a";
    }
}
