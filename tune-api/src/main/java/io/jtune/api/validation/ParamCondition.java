package io.jtune.api.validation;

import io.jtune.api.Param;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The {@code when} of a {@link Param}, parsed: the parameter it names and the values (as written)
 * that make the field active. {@code "kernel=poly|rbf"} names {@code kernel} with two values.
 */
public record ParamCondition(String parameter, List<String> values) {

    /** The condition of a {@code @Param} field; empty when it has none or its {@code when} is malformed (a rule reports that). */
    public static Optional<ParamCondition> of(FieldModel field) {
        Param p = field.annotation(Param.class);
        return p == null ? Optional.empty() : parse(p.when());
    }

    /** True when the field's {@code @Param} has a {@code when}. */
    static boolean declared(FieldModel field) {
        Param p = field.annotation(Param.class);
        return p != null && !p.when().isBlank();
    }

    static Optional<ParamCondition> parse(String when) {
        int eq = when.indexOf('=');
        if (eq <= 0 || eq == when.length() - 1) {
            return Optional.empty();
        }
        List<String> values = Arrays.stream(when.substring(eq + 1).split("\\|", -1)).map(String::trim).toList();
        String parameter = when.substring(0, eq).trim();
        return parameter.isEmpty() || values.contains("") ? Optional.empty() : Optional.of(new ParamCondition(parameter, values));
    }

    @Override
    public String toString() {
        return parameter + "=" + String.join("|", values);
    }
}
