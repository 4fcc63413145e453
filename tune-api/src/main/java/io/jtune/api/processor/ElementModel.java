package io.jtune.api.processor;

import io.jtune.api.validation.ModelElement;
import io.jtune.api.validation.TypeName;
import io.jtune.api.validation.Visibility;
import java.lang.annotation.Annotation;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/** What the compile-time models share: the element, its modifiers and annotations. */
abstract class ElementModel implements ModelElement {
    final Element element;
    final ProcessingEnvironment env;

    ElementModel(Element element, ProcessingEnvironment env) {
        this.element = element;
        this.env = env;
    }

    /** The element problems are reported on. */
    Element element() {
        return element;
    }

    @Override
    public String name() {
        return element.getSimpleName().toString();
    }

    @Override
    public Visibility visibility() {
        return visibilityOf(element.getModifiers());
    }

    @Override
    public boolean isStatic() {
        return element.getModifiers().contains(Modifier.STATIC);
    }

    @Override
    public <A extends Annotation> A annotation(Class<A> type) {
        return element.getAnnotation(type);
    }

    String packageOf(Element e) {
        return env.getElementUtils().getPackageOf(e).getQualifiedName().toString();
    }

    static Visibility visibilityOf(Set<Modifier> modifiers) {
        if (modifiers.contains(Modifier.PUBLIC)) {
            return Visibility.PUBLIC;
        }
        if (modifiers.contains(Modifier.PROTECTED)) {
            return Visibility.PROTECTED;
        }
        return modifiers.contains(Modifier.PRIVATE) ? Visibility.PRIVATE : Visibility.PACKAGE;
    }

    /** The canonical and simple name of a type after erasure. */
    TypeName typeName(TypeMirror type) {
        TypeMirror erased = env.getTypeUtils().erasure(type);
        if (erased.getKind() == TypeKind.ARRAY) {
            TypeName component = typeName(((ArrayType) erased).getComponentType());
            return new TypeName(component.qualified() + "[]", component.simple() + "[]");
        }
        if (erased.getKind() == TypeKind.DECLARED) {
            TypeElement te = (TypeElement) ((DeclaredType) erased).asElement();
            return new TypeName(te.getQualifiedName().toString(), te.getSimpleName().toString());
        }
        return new TypeName(erased.toString(), erased.toString());
    }

    @Override
    public String toString() {
        return element.toString();
    }
}
