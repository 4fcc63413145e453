package io.jtune.engine.runner;

/** Reads the whole numbers >= 1 that {@code jtune.*} system properties take (callers name the property in their errors). */
public final class WholeNumberProperty {
    private WholeNumberProperty() {
    }

    /** The number {@code value} spells when it is a whole number >= 1 (spaces around it allowed), else null. */
    public static Integer atLeastOne(String value) {
        try {
            int number = Integer.parseInt(value.trim());
            return number >= 1 ? number : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
