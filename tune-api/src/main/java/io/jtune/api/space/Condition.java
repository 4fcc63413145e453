package io.jtune.api.space;

import java.util.List;
import java.util.Objects;

/**
 * When a conditional entry of a {@link SearchSpace} is active: the sibling {@code parameter} (a
 * choice or grid of the same space level) holds one of {@code values}. An inactive entry is left
 * out of the trial's config; a searcher models it only from the trials where it was active.
 */
public record Condition(String parameter, List<Object> values) {

    public Condition {
        Objects.requireNonNull(parameter, "condition parameter");
        values = List.copyOf(values);
        if (values.isEmpty()) {
            throw new IllegalArgumentException("condition on '" + parameter + "' needs at least one value");
        }
    }

    /** Active when {@code parameter} holds one of {@code values}. */
    public static Condition of(String parameter, Object... values) {
        return new Condition(parameter, List.of(values));
    }

    @Override
    public String toString() {
        return parameter + "=" + String.join("|", values.stream().map(String::valueOf).toList());
    }
}
