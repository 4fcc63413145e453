package io.jtune.api.validation;

/** Java's four access levels, ordered from widest to narrowest. */
public enum Visibility {
    PUBLIC, PROTECTED, PACKAGE, PRIVATE;

    /** The narrower of the two. */
    public Visibility narrowest(Visibility other) {
        return compareTo(other) >= 0 ? this : other;
    }
}
