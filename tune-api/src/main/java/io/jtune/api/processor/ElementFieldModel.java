package io.jtune.api.processor;

import io.jtune.api.validation.FieldModel;
import io.jtune.api.validation.TypeName;
import io.jtune.api.validation.ValueType;
import java.util.List;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;

/** A field as javac sees it. */
final class ElementFieldModel extends ElementModel implements FieldModel {

    ElementFieldModel(VariableElement field, ProcessingEnvironment env) {
        super(field, env);
    }

    @Override
    public boolean isFinal() {
        return element.getModifiers().contains(Modifier.FINAL);
    }

    @Override
    public ValueType type() {
        TypeName name = typeName(element.asType());
        if (element.asType().getKind() == TypeKind.DECLARED) {
            var te = ((DeclaredType) element.asType()).asElement();
            if (te.getKind() == ElementKind.ENUM) {
                List<String> constants = te.getEnclosedElements().stream().filter(e -> e.getKind() == ElementKind.ENUM_CONSTANT)
                        .map(e -> e.getSimpleName().toString()).toList();
                return new ValueType(ValueType.Kind.ENUM, name, constants);
            }
        }
        return new ValueType(ValueType.kindOf(name.qualified()), name, List.of());
    }
}
