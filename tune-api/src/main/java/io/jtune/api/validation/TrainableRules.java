package io.jtune.api.validation;

import io.jtune.api.Trainable;
import java.util.List;

/**
 * The rules of a {@code @Trainable} class: the one rule set both front ends (the annotation
 * processor and {@link ReflectiveTypeModel}) run. Finds every problem, not only the first.
 */
public final class TrainableRules {
    private static final List<RuleGroup> GROUPS = List.of(new ClassRules(), new ParamRules(), new ConditionRules(), new StepRules(), new LifecycleRules(), new ExperimentRules());

    private TrainableRules() {
    }

    /** Every problem of the class, each on the element it concerns; empty when the class is valid. */
    public static List<Problem> check(TypeModel type) {
        Problems problems = new Problems();
        GROUPS.forEach(g -> g.check(type, problems));
        return problems.list();
    }

    /** The metric the class ranks by: its {@code metric}, else the first of its {@code metrics}; null when none. */
    public static String metric(TypeModel type) {
        Trainable t = type.annotation(Trainable.class);
        if (t == null) {
            return null;
        }
        return !t.metric().isEmpty() ? t.metric() : t.metrics().length > 0 ? t.metrics()[0] : null;
    }
}
