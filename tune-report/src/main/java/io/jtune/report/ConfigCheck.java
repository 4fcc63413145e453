package io.jtune.report;

import io.jtune.api.space.CategoricalDomain;
import io.jtune.api.space.Domain;
import io.jtune.api.space.FloatDomain;
import io.jtune.api.space.GridDomain;
import io.jtune.api.space.IntDomain;
import io.jtune.api.space.SearchSpace;
import java.util.Map;
import java.util.Optional;

/**
 * Checks a config sent to the API against the experiment's search space before it becomes a trial:
 * every key names a parameter of the space, every active parameter is given, and each value is one
 * its domain can produce. An experiment without a declared space takes any config.
 */
final class ConfigCheck {
    private ConfigCheck() {
    }

    /** What is wrong with {@code flat} (the config by path), naming the key and its domain; empty when the space can hold it. */
    static Optional<String> problem(SearchSpace space, Map<String, Object> flat) {
        if (space.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Object> leaves = space.flatten();
        for (String key : flat.keySet()) {
            if (!leaves.containsKey(key)) {
                return Optional.of("'" + key + "' is not a parameter of the search space; its parameters are " + leaves.keySet());
            }
        }
        for (Map.Entry<String, Object> leaf : leaves.entrySet()) {
            String key = leaf.getKey();
            if (!space.isActive(key, flat)) {
                continue;
            }
            Object value = flat.get(key);
            if (value == null) {
                return Optional.of("the config lacks '" + key + "' (" + describe(leaf.getValue()) + "); give every parameter of the search space " + leaves.keySet());
            }
            if (leaf.getValue() instanceof Domain domain && !domain.contains(value)) {
                return Optional.of("'" + key + "' = " + quoted(value) + " is not in its domain " + describe(domain));
            }
        }
        return Optional.empty();
    }

    private static String quoted(Object value) {
        return value instanceof String ? "\"" + value + "\"" : String.valueOf(value);
    }

    private static String describe(Object leaf) {
        if (leaf instanceof FloatDomain f) {
            return "numbers in [" + f.effectiveLower() + ", " + f.effectiveUpper() + "]";
        }
        if (leaf instanceof IntDomain i) {
            return "integers in [" + i.minValue() + ", " + i.maxValue() + "]" + (i.quantized() ? " in steps of " + i.q() : "");
        }
        if (leaf instanceof CategoricalDomain c) {
            return "one of " + c.categories();
        }
        if (leaf instanceof GridDomain g) {
            return "one of " + g.values();
        }
        return leaf instanceof Domain d ? d.toString() : "the constant " + quoted(leaf);
    }
}
