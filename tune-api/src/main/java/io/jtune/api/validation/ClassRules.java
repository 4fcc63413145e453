package io.jtune.api.validation;

import io.jtune.api.Trainable;
import java.util.Locale;
import java.util.Optional;

/** The class itself: instantiable from its package, a valid name, metric with mode. */
final class ClassRules implements RuleGroup {

    @Override
    public void check(TypeModel type, Problems problems) {
        String what = "@Trainable class " + type.name();
        if (type.visibility() == Visibility.PRIVATE) {
            problems.add(type, what + " must not be private: make it public or package-private so the generated adapter can create it");
        }
        checkInstantiable(type, what, problems);
        checkAnnotation(type, type.annotation(Trainable.class), problems);
    }

    private static void checkInstantiable(TypeModel type, String what, Problems problems) {
        if (type.kind() != TypeModel.Kind.CLASS && type.kind() != TypeModel.Kind.RECORD) {
            problems.add(type, what + " is " + (type.kind() == TypeModel.Kind.INTERFACE ? "an interface" : "an " + type.kind().name().toLowerCase(Locale.ROOT))
                    + ": make it a concrete class (the engine creates one instance per trial)");
            return;
        }
        if (type.isAbstract()) {
            problems.add(type, what + " is abstract: make it a concrete class (the engine creates one instance per trial)");
        }
        if (type.isInner()) {
            problems.add(type, what + " is an inner class: make it static or top-level (the engine creates it without an enclosing instance)");
            return;
        }
        Optional<Visibility> ctor = type.noArgConstructor();
        if (ctor.isEmpty()) {
            problems.add(type, what + " has no no-arg constructor: add one (public or package-private); the engine creates one instance per trial");
        } else if (ctor.get() == Visibility.PRIVATE && type.visibility() != Visibility.PRIVATE) {
            problems.add(type, what + " has a private no-arg constructor: make it public or package-private so the generated adapter can call it");
        }
    }

    private static void checkAnnotation(TypeModel type, Trainable t, Problems problems) {
        if (t == null) {
            return;
        }
        if (!t.name().isEmpty() && !t.name().matches("[A-Za-z0-9_.\\-]+")) {
            problems.add(type, "@Trainable(name = \"" + t.name() + "\") may only use letters, digits, '_', '.' and '-': it names trial folders");
        }
        boolean validMode = t.mode().equals("min") || t.mode().equals("max");
        if (!t.metric().isEmpty() && t.mode().isEmpty()) {
            problems.add(type, "@Trainable(metric = \"" + t.metric() + "\") needs mode = \"min\" or \"max\"");
        } else if (!t.mode().isEmpty() && !validMode) {
            problems.add(type, "@Trainable(mode = \"" + t.mode() + "\") must be \"min\" or \"max\"");
        } else if (t.metric().isEmpty() && !t.mode().isEmpty()) {
            problems.add(type, "@Trainable(mode = \"" + t.mode() + "\") has no metric: set metric = \"<name>\" or remove mode");
        }
    }
}
