package io.jtune.api.processor;

import io.jtune.api.validation.MethodModel;
import io.jtune.api.validation.ResultShape;
import io.jtune.api.validation.TypeName;
import io.jtune.api.validation.Visibility;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.stream.Collectors;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/** A method as javac sees it. */
final class ElementMethodModel extends ElementModel implements MethodModel {
    private final ExecutableElement method;

    ElementMethodModel(ExecutableElement method, ProcessingEnvironment env) {
        super(method, env);
        this.method = method;
    }

    @Override
    public List<TypeName> parameterTypes() {
        return method.getParameters().stream().map(p -> typeName(p.asType())).toList();
    }

    @Override
    public String declaringPackage() {
        return packageOf(method);
    }

    @Override
    public ResultShape result() {
        Types types = env.getTypeUtils();
        TypeMirror type = types.erasure(method.getReturnType());
        TypeName name = typeName(type);
        TypeKind kind = type.getKind();
        if (kind == TypeKind.VOID) {
            return shape(ResultShape.Kind.VOID, name, List.of(), null);
        }
        if (kind.isPrimitive()) {
            return shape(kind == TypeKind.BOOLEAN || kind == TypeKind.CHAR ? ResultShape.Kind.UNUSABLE : ResultShape.Kind.NUMBER, name, List.of(), null);
        }
        if (kind != TypeKind.DECLARED) {
            return shape(ResultShape.Kind.UNUSABLE, name, List.of(), null);
        }
        TypeElement te = (TypeElement) ((DeclaredType) type).asElement();
        if (isSubtype(type, Number.class)) {
            return shape(ResultShape.Kind.NUMBER, name, List.of(), te);
        }
        if (isSubtype(type, java.util.Map.class)) {
            return shape(ResultShape.Kind.MAP, name, List.of(), te);
        }
        if (ResultShape.isPlatformPackage(packageOf(te))) {
            return shape(ResultShape.Kind.UNUSABLE, name, List.of(), te);
        }
        List<String> properties = te.getKind() == ElementKind.RECORD
                ? te.getRecordComponents().stream().map(c -> c.getSimpleName().toString()).toList()
                : beanProperties(te);
        return shape(properties.isEmpty() ? ResultShape.Kind.UNUSABLE : ResultShape.Kind.PROPERTIES, name, properties, te);
    }

    private boolean isSubtype(TypeMirror type, Class<?> of) {
        Elements elements = env.getElementUtils();
        Types types = env.getTypeUtils();
        return types.isSubtype(type, types.erasure(elements.getTypeElement(of.getCanonicalName()).asType()));
    }

    private List<String> beanProperties(TypeElement te) {
        return List.copyOf(ElementFilter.methodsIn(env.getElementUtils().getAllMembers(te)).stream()
                .filter(m -> m.getModifiers().contains(Modifier.PUBLIC) && !m.getModifiers().contains(Modifier.STATIC))
                .filter(m -> m.getParameters().isEmpty() && m.getReturnType().getKind() != TypeKind.VOID)
                .filter(m -> !ResultShape.isPlatformPackage(packageOf(m)))
                .map(m -> ResultShape.propertyOf(m.getSimpleName().toString(), m.getReturnType().getKind() == TypeKind.BOOLEAN))
                .filter(Objects::nonNull)
                .collect(Collectors.toCollection(TreeSet::new)));
    }

    private ResultShape shape(ResultShape.Kind kind, TypeName name, List<String> properties, TypeElement te) {
        if (te == null) {
            return new ResultShape(kind, name, properties, Visibility.PUBLIC, "");
        }
        Visibility access = Visibility.PUBLIC;
        for (Element e = te; e != null && (e.getKind().isClass() || e.getKind().isInterface()); e = e.getEnclosingElement()) {
            access = access.narrowest(visibilityOf(e.getModifiers()));
        }
        return new ResultShape(kind, name, properties, access, packageOf(te));
    }
}
