package io.jtune.api.validation;

import io.jtune.api.Step;
import java.util.List;
import java.util.stream.Collectors;

/** The one {@code @Step} method: present once, callable, no parameters, returning usable metrics. */
final class StepRules implements RuleGroup {
    private static final String RETURN_HINT = "return a Map<String, ?>, a record or bean with getters, or one number";

    @Override
    public void check(TypeModel type, Problems problems) {
        List<MethodModel> steps = type.methods().stream().filter(m -> m.has(Step.class)).toList();
        if (steps.isEmpty()) {
            problems.add(type, "@Trainable class " + type.name() + " has no @Step method: add one method that runs one training iteration and returns its metrics");
            return;
        }
        if (steps.size() > 1) {
            String all = steps.stream().map(MethodModel::signature).sorted().collect(Collectors.joining(", "));
            steps.forEach(s -> problems.add(s, "@Step is on " + steps.size() + " methods (" + all + "): keep exactly one"));
        }
        for (MethodModel step : steps) {
            String what = "@Step method '" + step.signature() + "'";
            LifecycleRules.checkCallable(type, step, what, problems);
            if (!step.parameterTypes().isEmpty()) {
                problems.add(step, what + " must take no parameters: read hyperparameters from @Param fields");
            }
            checkResult(type, step, what, problems);
        }
    }

    private static void checkResult(TypeModel type, MethodModel step, String what, Problems problems) {
        ResultShape result = step.result();
        String metric = TrainableRules.metric(type);
        switch (result.kind()) {
            case VOID -> problems.add(step, what + " returns void: " + RETURN_HINT);
            case UNUSABLE -> problems.add(step, what + " returns " + result.type().simple() + ", which cannot be read as metrics: " + RETURN_HINT);
            case NUMBER -> {
                if (metric == null) {
                    problems.add(step, what + " returns a number, but @Trainable declares no metric to report it under: set @Trainable(metric = \"<name>\", mode = \"min\" or \"max\")");
                }
            }
            case PROPERTIES -> {
                if (result.access() == Visibility.PRIVATE) {
                    problems.add(step, what + " returns " + result.type().simple() + ", which is private: make it package-private or public (generated code reads its properties)");
                } else if (!result.isAccessibleFrom(type.packageName())) {
                    problems.add(step, what + " returns " + result.type().simple() + ", which is not public and not in package " + type.packageName()
                            + ": make it public (generated code reads its properties)");
                }
                if (metric != null && !result.properties().contains(metric)) {
                    problems.add(step, "@Trainable metric '" + metric + "' is not a property of " + result.type().simple() + " returned by " + what
                            + " (it has " + String.join(", ", result.properties()) + "): rename the metric or add the property");
                }
            }
            case MAP -> {
                // keys are only known at run time
            }
        }
    }
}
