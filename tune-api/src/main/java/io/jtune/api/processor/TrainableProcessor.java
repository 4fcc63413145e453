package io.jtune.api.processor;

import io.jtune.api.Trainable;
import io.jtune.api.validation.Problem;
import io.jtune.api.validation.TrainableRules;
import java.io.IOException;
import java.util.Set;
import java.util.TreeSet;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.tools.Diagnostic;

/**
 * Checks every {@code @Trainable} class with {@link TrainableRules} and reports each problem as a
 * javac error on its element (all of them, not only the first); writes the index of trainables
 * ({@value TrainableIndex#PATH}) when the last round is over. Silent for code without
 * {@code @Trainable}. Registered as a service, so javac runs it by default on JDK 17 to 22.
 */
public final class TrainableProcessor extends AbstractProcessor {
    private final Set<String> trainables = new TreeSet<>();

    /**
     * Every annotation, so the processor also runs in a build that has lost its last
     * {@code @Trainable} class and can drop it from the index. It claims none.
     */
    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        for (Element e : round.getElementsAnnotatedWith(Trainable.class)) {
            if (e instanceof TypeElement te && !hasUnresolvedTypes(te)) {
                ElementTypeModel model = new ElementTypeModel(te, processingEnv);
                for (Problem p : TrainableRules.check(model)) {
                    processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, p.message(), ((ElementModel) p.where()).element());
                }
                trainables.add(model.qualifiedName());
            }
        }
        if (round.processingOver()) {
            writeIndex();
        }
        return false;
    }

    /**
     * True when a member's type did not resolve: javac reports that itself, and the rules would
     * only add confusing errors about it, so such a class is checked once it compiles.
     */
    private static boolean hasUnresolvedTypes(TypeElement type) {
        for (Element member : type.getEnclosedElements()) {
            TypeMirror t = member instanceof ExecutableElement m ? m.getReturnType() : member.asType();
            boolean parameterUnresolved = member instanceof ExecutableElement m
                    && m.getParameters().stream().anyMatch(p -> p.asType().getKind() == TypeKind.ERROR);
            if (t.getKind() == TypeKind.ERROR || parameterUnresolved) {
                return true;
            }
        }
        return false;
    }

    private void writeIndex() {
        try {
            new TrainableIndex(processingEnv.getFiler(), processingEnv.getElementUtils()).write(trainables);
        } catch (IOException e) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, "cannot write " + TrainableIndex.PATH + ": " + e.getMessage());
        }
    }
}
