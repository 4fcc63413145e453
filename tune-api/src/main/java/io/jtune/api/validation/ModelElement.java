package io.jtune.api.validation;

import java.lang.annotation.Annotation;

/**
 * A class, field or method as the rules see it. Each front end implements it over its own
 * element (a {@code javax.lang.model} element or a reflective one) so problems can be reported on
 * that element.
 */
public interface ModelElement {

    /** The simple name: class, field or method name. */
    String name();

    Visibility visibility();

    boolean isStatic();

    /**
     * The annotation of this type on the element, or null. Only its attributes of primitive,
     * string, enum and annotation types may be read (class-valued ones are read with
     * {@link TypeModel#classAttribute}).
     */
    <A extends Annotation> A annotation(Class<A> type);

    default boolean has(Class<? extends Annotation> type) {
        return annotation(type) != null;
    }
}
