package io.jtune.api.validation;

import java.lang.annotation.Annotation;
import java.util.List;
import java.util.Optional;

/** A {@code @Trainable} class (or a class named by one of its annotations) as the rules see it. */
public interface TypeModel extends ModelElement {

    /** What sort of type this is. */
    enum Kind { CLASS, INTERFACE, ENUM, RECORD, ANNOTATION }

    /** The binary name, as {@link Class#forName} takes it ({@code a.Outer$Inner}). */
    String qualifiedName();

    String packageName();

    Kind kind();

    /** True for an abstract class (interfaces report their {@link Kind}). */
    boolean isAbstract();

    /** True for a non-static nested, local or anonymous class: it needs an enclosing instance. */
    boolean isInner();

    /** The access of the no-arg constructor, or empty when there is none. */
    Optional<Visibility> noArgConstructor();

    /** Fields of this class, then of each superclass (Object excluded). */
    List<FieldModel> fields();

    /** Methods of this class and its superclasses (Object excluded), overridden ones left out. */
    List<MethodModel> methods();

    /** Annotations meta-annotated as scheduler or searcher annotations, in declaration order. */
    List<ComponentAnnotation> componentAnnotations();

    /** The class named by the {@code value} attribute of the given annotation on this type, if present. */
    Optional<TypeModel> classAttribute(Class<? extends Annotation> annotation);
}
