package io.jtune.api.space;

import io.jtune.api.Config;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A search space: an ordered tree of named dimensions ({@link Domain}s), constants and nested
 * spaces, as a Ray Tune {@code param_space} dict. Immutable; built with {@link #builder()}, which
 * validates every domain under its name. Paths of nested entries are joined by {@code /}.
 *
 * <p>An entry may be conditional ({@link Builder#add(String, Object, Condition)}): it is active
 * only while a sibling choice holds one of the condition's values (and that sibling is active
 * itself). Samplers draw every entry, then leave the inactive ones out of the config
 * ({@link #activeOnly}).
 */
public final class SearchSpace {
    private static final SearchSpace EMPTY = new SearchSpace(Map.of(), Map.of());

    private final Map<String, Object> entries;
    private final Map<String, Condition> conditions;
    private final Map<String, Condition> conditionsByPath;

    private SearchSpace(Map<String, Object> entries, Map<String, Condition> conditions) {
        this.entries = entries;
        this.conditions = conditions;
        Map<String, Condition> byPath = new LinkedHashMap<>();
        collectConditions("", byPath);
        this.conditionsByPath = Collections.unmodifiableMap(byPath);
    }

    public static SearchSpace empty() {
        return EMPTY;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Top-level entries: each a {@link Domain}, a nested {@link SearchSpace} or a constant. */
    public Map<String, Object> entries() {
        return entries;
    }

    /** Every leaf by path ({@code "model/lr"}): a Domain or a constant, in declaration order. */
    public Map<String, Object> flatten() {
        Map<String, Object> out = new LinkedHashMap<>();
        flattenInto("", out);
        return out;
    }

    private void flattenInto(String prefix, Map<String, Object> out) {
        for (Map.Entry<String, Object> e : entries.entrySet()) {
            if (e.getValue() instanceof SearchSpace s) {
                s.flattenInto(prefix + e.getKey() + Config.PATH_SEPARATOR, out);
            } else {
                out.put(prefix.isEmpty() ? e.getKey() : prefix + e.getKey(), e.getValue());
            }
        }
    }

    /** The dimensions only (constants left out), by path, in declaration order. */
    public Map<String, Domain> domains() {
        Map<String, Domain> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : flatten().entrySet()) {
            if (e.getValue() instanceof Domain d) {
                out.put(e.getKey(), d);
            }
        }
        return out;
    }

    /** The constants only, by path. */
    public Map<String, Object> constants() {
        Map<String, Object> out = new LinkedHashMap<>();
        flatten().forEach((k, v) -> {
            if (!(v instanceof Domain)) {
                out.put(k, v);
            }
        });
        return out;
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** The condition of each conditional leaf, by path; each condition names its parameter by path too. */
    public Map<String, Condition> conditions() {
        return conditionsByPath;
    }

    /** True when some entry is conditional. */
    public boolean isConditional() {
        return !conditionsByPath.isEmpty();
    }

    /**
     * True when the leaf at {@code path} is active for the flat values given (by path): it has no
     * condition, or its condition's parameter is active and holds one of the condition's values.
     */
    public boolean isActive(String path, Map<String, ?> flat) {
        Condition c = conditionsByPath.get(path);
        return c == null || isActive(c.parameter(), flat) && flat.containsKey(c.parameter()) && c.values().contains(flat.get(c.parameter()));
    }

    /** The flat values (by path) without the inactive ones, in the same order. */
    public Map<String, Object> activeOnly(Map<String, ?> flat) {
        Map<String, Object> out = new LinkedHashMap<>();
        flat.forEach((path, value) -> {
            if (isActive(path, flat)) {
                out.put(path, value);
            }
        });
        return out;
    }

    private void collectConditions(String prefix, Map<String, Condition> out) {
        for (Map.Entry<String, Object> e : entries.entrySet()) {
            Condition c = conditions.get(e.getKey());
            if (c != null) {
                out.put(prefix + e.getKey(), new Condition(prefix + c.parameter(), c.values()));
            }
            if (e.getValue() instanceof SearchSpace s) {
                s.collectConditions(prefix + e.getKey() + Config.PATH_SEPARATOR, out);
            }
        }
    }

    @Override
    public String toString() {
        return flatten().toString();
    }

    /** Builds a {@link SearchSpace}; each domain is validated when added, naming its parameter. */
    public static final class Builder {
        private final Map<String, Object> entries = new LinkedHashMap<>();
        private final Map<String, Condition> conditions = new LinkedHashMap<>();

        private Builder() {
        }

        /** Adds a dimension, a nested space, or a constant value; a name added twice is an error. */
        public Builder add(String name, Object value) {
            Objects.requireNonNull(name, "parameter name");
            if (name.isEmpty() || name.contains(Config.PATH_SEPARATOR)) {
                throw new IllegalArgumentException("parameter name '" + name + "' must be non-empty and contain no '" + Config.PATH_SEPARATOR + "' (use nested(...) for nesting)");
            }
            if (entries.containsKey(name)) {
                throw new IllegalArgumentException("parameter '" + name + "' is in the search space twice (" + entries.get(name) + " and " + value
                        + "); each parameter may be added once");
            }
            if (value instanceof Domain d) {
                d.validate(name);
            }
            entries.put(name, value);
            return this;
        }

        /**
         * Adds a dimension or constant that is active only when {@code when} holds; the condition's
         * parameter is a choice or grid of this builder (checked by {@link #build()}). A grid cannot
         * be conditional (it is crossed in every trial); neither can a nested space.
         */
        public Builder add(String name, Object value, Condition when) {
            Objects.requireNonNull(when, "condition");
            if (value instanceof GridDomain || value instanceof SearchSpace) {
                throw new IllegalArgumentException("parameter '" + name + "' is conditional (" + when + "), so it cannot be a "
                        + (value instanceof GridDomain ? "grid (a grid is crossed in every trial): use a choice" : "nested space: make each of its entries conditional"));
            }
            add(name, value);
            conditions.put(name, when);
            return this;
        }

        public Builder uniform(String name, double lower, double upper) {
            return add(name, Space.uniform(lower, upper));
        }

        public Builder loguniform(String name, double lower, double upper) {
            return add(name, Space.loguniform(lower, upper));
        }

        public Builder randint(String name, int lower, int upper) {
            return add(name, Space.randint(lower, upper));
        }

        /** {@link Space#quniform}; a q that is not a finite value > 0 is an error naming the parameter. */
        public Builder quniform(String name, double lower, double upper, double q) {
            return add(name, Space.quniform(lower, upper, q));
        }

        /** {@link Space#qloguniform}; a q that is not a finite value > 0 is an error naming the parameter. */
        public Builder qloguniform(String name, double lower, double upper, double q) {
            return add(name, Space.qloguniform(lower, upper, q));
        }

        /** {@link Space#qrandint}; a q below 1 is an error naming the parameter. */
        public Builder qrandint(String name, int lower, int upper, int q) {
            return add(name, Space.qrandint(lower, upper, q));
        }

        public Builder choice(String name, Object... values) {
            return add(name, Space.choice(values));
        }

        public Builder grid(String name, Object... values) {
            return add(name, Space.grid(values));
        }

        public Builder constant(String name, Object value) {
            return add(name, value);
        }

        public Builder nested(String name, SearchSpace space) {
            return add(name, space);
        }

        /** The space; throws an IllegalArgumentException naming the parameter when a condition cannot hold. */
        public SearchSpace build() {
            for (Map.Entry<String, Condition> e : conditions.entrySet()) {
                checkCondition(e.getKey(), e.getValue());
            }
            return new SearchSpace(Collections.unmodifiableMap(new LinkedHashMap<>(entries)), Map.copyOf(conditions));
        }

        private void checkCondition(String name, Condition c) {
            String what = "parameter '" + name + "' is active when " + c;
            Object parent = entries.get(c.parameter());
            List<Object> values = parent instanceof CategoricalDomain d ? d.categories() : parent instanceof GridDomain g ? g.values() : null;
            if (values == null) {
                throw new IllegalArgumentException(what + ", but " + (parent == null ? "there is no parameter '" + c.parameter() + "' beside it; it has " + entries.keySet()
                        : "'" + c.parameter() + "' is not a choice or grid") + ": condition on a choice of the same level");
            }
            c.values().stream().filter(v -> !values.contains(v)).findFirst().ifPresent(v -> {
                throw new IllegalArgumentException(what + ", but '" + c.parameter() + "' never holds " + v + " (its values are " + values + ")");
            });
            Set<String> seen = new HashSet<>(List.of(name));
            for (Condition up = c; up != null; up = conditions.get(up.parameter())) {
                if (!seen.add(up.parameter())) {
                    throw new IllegalArgumentException(what + ", and conditions lead from '" + name + "' back to '" + up.parameter() + "': conditions must not form a cycle");
                }
            }
        }
    }
}
