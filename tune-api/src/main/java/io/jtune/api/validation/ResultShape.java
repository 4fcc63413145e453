package io.jtune.api.validation;

import java.util.List;

/**
 * What a {@code @Step} method's return type means as metrics.
 *
 * @param kind how the value becomes metrics
 * @param type the return type
 * @param properties for {@link Kind#PROPERTIES}: the metric names (record components in order,
 *     bean properties sorted)
 * @param access the narrowest access along the type and its enclosing types
 * @param packageName the type's package
 */
public record ResultShape(Kind kind, TypeName type, List<String> properties, Visibility access, String packageName) {

    /** How a step's return value becomes metrics. */
    public enum Kind {
        /** Nothing is returned. */
        VOID,
        /** One number, reported under the trainable's metric. */
        NUMBER,
        /** A {@code Map<String, ?>}, taken as is. */
        MAP,
        /** A record or bean: each readable property is a metric. */
        PROPERTIES,
        /** Anything else, such as a String, an array or a JDK type that is not a number or map. */
        UNUSABLE
    }

    public ResultShape {
        properties = List.copyOf(properties);
    }

    /** True when code in {@code pkg} can name the type. */
    public boolean isAccessibleFrom(String pkg) {
        return access == Visibility.PUBLIC || access != Visibility.PRIVATE && packageName.equals(pkg);
    }

    /**
     * The bean property a method named {@code methodName} reads ({@code getLoss} and
     * {@code isDone} give {@code loss} and {@code done}, {@code getURL} gives {@code URL}, as
     * {@code java.beans.Introspector} decapitalises), or null when it is no getter.
     */
    public static String propertyOf(String methodName, boolean returnsBoolean) {
        String rest;
        if (methodName.startsWith("get") && methodName.length() > 3) {
            rest = methodName.substring(3);
        } else if (returnsBoolean && methodName.startsWith("is") && methodName.length() > 2) {
            rest = methodName.substring(2);
        } else {
            return null;
        }
        if (!Character.isUpperCase(rest.charAt(0))) {
            return null;
        }
        if (rest.length() > 1 && Character.isUpperCase(rest.charAt(1))) {
            return rest;
        }
        return Character.toLowerCase(rest.charAt(0)) + rest.substring(1);
    }

    /** True for packages whose types are never treated as beans (java.*, javax.*, jdk.*). */
    public static boolean isPlatformPackage(String pkg) {
        return pkg.equals("java") || pkg.startsWith("java.") || pkg.startsWith("javax.") || pkg.startsWith("jdk.");
    }
}
