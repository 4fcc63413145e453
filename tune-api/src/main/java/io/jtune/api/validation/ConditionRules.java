package io.jtune.api.validation;

import io.jtune.api.Choice;
import io.jtune.api.Grid;
import io.jtune.api.Param;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/** Conditional parameters ({@code @Param(when = "...")}): what they name must be a choice of the class holding the value. */
final class ConditionRules implements RuleGroup {

    @Override
    public void check(TypeModel type, Problems problems) {
        Map<String, FieldModel> params = new LinkedHashMap<>();
        type.fields().stream().filter(f -> f.has(Param.class)).forEach(f -> params.putIfAbsent(ParamDomains.paramName(f), f));
        for (FieldModel field : params.values()) {
            if (!ParamCondition.declared(field)) {
                continue;
            }
            String when = field.annotation(Param.class).when();
            Optional<ParamCondition> condition = ParamCondition.parse(when);
            if (condition.isEmpty()) {
                problems.add(field, "@Param field '" + field.name() + "' has when = \"" + when + "\", which is not \"<parameter>=<value>\": write e.g. when = \"optimizer=sgd\""
                        + " (several values: \"kernel=poly|rbf\")");
                continue;
            }
            checkCondition(field, condition.get(), params, problems);
        }
    }

    private static void checkCondition(FieldModel field, ParamCondition c, Map<String, FieldModel> params, Problems problems) {
        String what = "@Param field '" + field.name() + "' is active when \"" + c + "\"";
        if (field.has(Grid.class)) {
            problems.add(field, what + ", so it cannot be a @Grid (a grid is crossed in every trial): use @Choice");
        }
        FieldModel parent = params.get(c.parameter());
        if (parent == null) {
            problems.add(field, what + ", but the class has no @Param named '" + c.parameter() + "': name one of its @Choice parameters" + choices(params));
            return;
        }
        List<String> texts = parent.has(Choice.class) ? List.of(parent.annotation(Choice.class).value())
                : parent.has(Grid.class) ? List.of(parent.annotation(Grid.class).value()) : null;
        if (texts == null) {
            problems.add(field, what + ", but '" + c.parameter() + "' is not a @Choice parameter: a condition names a @Choice (or @Grid) parameter and some of its values");
            return;
        }
        List<Object> values = converted(texts, parent.type());
        if (values == null) {
            return; // the choice's own values do not convert: ParamRules reports that
        }
        for (String text : c.values()) {
            Object value = convertedOrNull(text, parent.type());
            if (value == null || !values.contains(value)) {
                problems.add(field, what + ", but '" + c.parameter() + "' has no value \"" + text + "\" (it has " + String.join(", ", texts) + ")");
            }
        }
        if (leadsBack(field, params)) {
            problems.add(field, what + ", and the conditions lead from '" + ParamDomains.paramName(field) + "' back to itself: conditions must not form a cycle");
        }
    }

    private static String choices(Map<String, FieldModel> params) {
        List<String> names = params.entrySet().stream().filter(e -> e.getValue().has(Choice.class)).map(Map.Entry::getKey).toList();
        return names.isEmpty() ? " (it has none)" : " (" + String.join(", ", names) + ")";
    }

    private static boolean leadsBack(FieldModel field, Map<String, FieldModel> params) {
        String start = ParamDomains.paramName(field);
        Set<String> seen = new HashSet<>();
        for (Optional<ParamCondition> c = ParamCondition.of(field); c.isPresent() && seen.add(c.get().parameter()); ) {
            if (c.get().parameter().equals(start)) {
                return true;
            }
            FieldModel next = params.get(c.get().parameter());
            c = next == null ? Optional.empty() : ParamCondition.of(next);
        }
        return false;
    }

    private static List<Object> converted(List<String> texts, ValueType type) {
        List<Object> out = new ArrayList<>();
        for (String t : texts) {
            out.add(convertedOrNull(t, type));
        }
        return out.stream().allMatch(Objects::nonNull) ? out : null;
    }

    private static Object convertedOrNull(String text, ValueType type) {
        try {
            return ParamValues.fromText(text, type);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
