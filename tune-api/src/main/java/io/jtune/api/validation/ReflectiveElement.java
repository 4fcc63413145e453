package io.jtune.api.validation;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Modifier;

/** What the reflective models share: annotations and modifiers of a reflective element. */
abstract class ReflectiveElement implements ModelElement {
    private final AnnotatedElement element;
    private final int modifiers;

    ReflectiveElement(AnnotatedElement element, int modifiers) {
        this.element = element;
        this.modifiers = modifiers;
    }

    @Override
    public Visibility visibility() {
        return visibilityOf(modifiers);
    }

    @Override
    public boolean isStatic() {
        return Modifier.isStatic(modifiers);
    }

    @Override
    public <A extends Annotation> A annotation(Class<A> type) {
        return element.getAnnotation(type);
    }

    static Visibility visibilityOf(int modifiers) {
        if (Modifier.isPublic(modifiers)) {
            return Visibility.PUBLIC;
        }
        if (Modifier.isProtected(modifiers)) {
            return Visibility.PROTECTED;
        }
        return Modifier.isPrivate(modifiers) ? Visibility.PRIVATE : Visibility.PACKAGE;
    }

    static TypeName typeName(Class<?> c) {
        String canonical = c.getCanonicalName();
        return new TypeName(canonical == null ? c.getName() : canonical, c.getSimpleName());
    }

    @Override
    public String toString() {
        return element.toString();
    }
}
