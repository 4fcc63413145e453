package io.jtune.api.validation;

/**
 * A type's canonical name ({@code java.nio.file.Path}, {@code int}, {@code a.Outer.Inner}) and
 * the simple name messages show ({@code Path}, {@code int}, {@code Inner}).
 */
public record TypeName(String qualified, String simple) {

    /** True when this names the given class. */
    public boolean is(Class<?> type) {
        return qualified.equals(type.getCanonicalName());
    }
}
