package io.jtune.api.processor;

import io.jtune.api.SchedulerAnnotation;
import io.jtune.api.SearcherAnnotation;
import io.jtune.api.validation.ComponentAnnotation;
import io.jtune.api.validation.FieldModel;
import io.jtune.api.validation.MethodModel;
import io.jtune.api.validation.TypeModel;
import io.jtune.api.validation.Visibility;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/** A class as javac sees it: the compile-time front end of the rules. */
final class ElementTypeModel extends ElementModel implements TypeModel {
    private final TypeElement type;

    ElementTypeModel(TypeElement type, ProcessingEnvironment env) {
        super(type, env);
        this.type = type;
    }

    @Override
    public String qualifiedName() {
        return env.getElementUtils().getBinaryName(type).toString();
    }

    @Override
    public String packageName() {
        return packageOf(type);
    }

    @Override
    public Kind kind() {
        return switch (type.getKind()) {
            case INTERFACE -> Kind.INTERFACE;
            case ANNOTATION_TYPE -> Kind.ANNOTATION;
            case ENUM -> Kind.ENUM;
            case RECORD -> Kind.RECORD;
            default -> Kind.CLASS;
        };
    }

    @Override
    public boolean isAbstract() {
        return type.getModifiers().contains(Modifier.ABSTRACT) && kind() == Kind.CLASS;
    }

    @Override
    public boolean isInner() {
        NestingKind nesting = type.getNestingKind();
        return nesting == NestingKind.MEMBER && !isStatic() || nesting == NestingKind.LOCAL || nesting == NestingKind.ANONYMOUS;
    }

    @Override
    public Optional<Visibility> noArgConstructor() {
        return ElementFilter.constructorsIn(type.getEnclosedElements()).stream()
                .filter(c -> c.getParameters().isEmpty())
                .map(c -> visibilityOf(c.getModifiers()))
                .findFirst();
    }

    @Override
    public List<FieldModel> fields() {
        List<FieldModel> out = new ArrayList<>();
        for (TypeElement c : hierarchy()) {
            ElementFilter.fieldsIn(c.getEnclosedElements()).forEach(f -> out.add(new ElementFieldModel(f, env)));
        }
        return out;
    }

    @Override
    public List<MethodModel> methods() {
        List<MethodModel> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (TypeElement c : hierarchy()) {
            for (ExecutableElement m : ElementFilter.methodsIn(c.getEnclosedElements())) {
                ElementMethodModel model = new ElementMethodModel(m, env);
                if (seen.add(model.signature())) {
                    out.add(model);
                }
            }
        }
        return out;
    }

    /** This class, then each superclass up to (not including) Object. */
    private List<TypeElement> hierarchy() {
        List<TypeElement> out = new ArrayList<>();
        TypeElement c = type;
        while (c != null && !c.getQualifiedName().contentEquals("java.lang.Object")) {
            out.add(c);
            TypeMirror sup = c.getSuperclass();
            c = sup.getKind() == TypeKind.DECLARED ? (TypeElement) ((DeclaredType) sup).asElement() : null;
        }
        return out;
    }

    @Override
    public List<ComponentAnnotation> componentAnnotations() {
        List<ComponentAnnotation> out = new ArrayList<>();
        for (AnnotationMirror mirror : type.getAnnotationMirrors()) {
            TypeElement at = (TypeElement) mirror.getAnnotationType().asElement();
            String simple = at.getSimpleName().toString();
            SchedulerAnnotation s = at.getAnnotation(SchedulerAnnotation.class);
            if (s != null) {
                out.add(new ComponentAnnotation(simple, ComponentAnnotation.Kind.SCHEDULER, s.needsMetric(), s.factory()));
            }
            SearcherAnnotation r = at.getAnnotation(SearcherAnnotation.class);
            if (r != null) {
                out.add(new ComponentAnnotation(simple, ComponentAnnotation.Kind.SEARCHER, r.needsMetric(), r.factory()));
            }
        }
        return out;
    }

    @Override
    public Optional<TypeModel> classAttribute(Class<? extends Annotation> annotation) {
        for (AnnotationMirror mirror : type.getAnnotationMirrors()) {
            TypeElement at = (TypeElement) mirror.getAnnotationType().asElement();
            if (!at.getQualifiedName().contentEquals(annotation.getCanonicalName())) {
                continue;
            }
            for (var entry : mirror.getElementValues().entrySet()) {
                AnnotationValue value = entry.getValue();
                if (entry.getKey().getSimpleName().contentEquals("value") && value.getValue() instanceof DeclaredType t) {
                    return Optional.of(new ElementTypeModel((TypeElement) t.asElement(), env));
                }
            }
        }
        return Optional.empty();
    }
}
