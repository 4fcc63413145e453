package io.jtune.api.validation;

import java.util.List;
import java.util.stream.Collectors;

/** A method of a {@code @Trainable} class or of one of its superclasses (not overridden). */
public interface MethodModel extends ModelElement {

    List<TypeName> parameterTypes();

    /** What the method's return type means as a step result. */
    ResultShape result();

    /** The package of the class that declares the method. */
    String declaringPackage();

    /** {@code name(Type, ...)} with simple type names, as messages show it. */
    default String signature() {
        return name() + parameterTypes().stream().map(TypeName::simple).collect(Collectors.joining(", ", "(", ")"));
    }
}
