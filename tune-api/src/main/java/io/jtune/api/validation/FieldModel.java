package io.jtune.api.validation;

/** A field of a {@code @Trainable} class or of one of its superclasses. */
public interface FieldModel extends ModelElement {

    boolean isFinal();

    /** What kind of value the field holds. */
    ValueType type();
}
