package io.jtune.api.validation;

import io.jtune.api.Trainable;
import java.util.HashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

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
        checkMetrics(type, t, problems);
    }

    private static void checkMetrics(TypeModel type, Trainable t, Problems problems) {
        String metrics = "@Trainable(metrics = {" + String.join(", ", t.metrics()) + "})";
        if (t.metrics().length > 0 && !t.metric().isEmpty()) {
            problems.add(type, "@Trainable sets both metric and metrics: use metric for one objective, or metrics with modes for several");
        }
        if (t.metrics().length != t.modes().length) {
            problems.add(type, metrics + " needs one mode per metric, got modes = {" + String.join(", ", t.modes()) + "}");
        }
        for (String mode : t.modes()) {
            if (!mode.equals("min") && !mode.equals("max")) {
                problems.add(type, "@Trainable(modes = {" + String.join(", ", t.modes()) + "}) must each be \"min\" or \"max\", got \"" + mode + "\"");
            }
        }
        Set<String> seen = new HashSet<>();
        for (String m : t.metrics()) {
            if (!seen.add(m)) {
                problems.add(type, metrics + " names '" + m + "' twice: name each objective once");
            }
        }
    }
}
