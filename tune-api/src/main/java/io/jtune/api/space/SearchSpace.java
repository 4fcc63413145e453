package io.jtune.api.space;

import io.jtune.api.Config;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A search space: an ordered tree of named dimensions ({@link Domain}s), constants and nested
 * spaces, as a Ray Tune {@code param_space} dict. Immutable; built with {@link #builder()}, which
 * validates every domain under its name. Paths of nested entries are joined by {@code /}.
 */
public final class SearchSpace {
    private static final SearchSpace EMPTY = new SearchSpace(Map.of());

    private final Map<String, Object> entries;

    private SearchSpace(Map<String, Object> entries) {
        this.entries = entries;
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
        entries.forEach((k, v) -> {
            if (v instanceof SearchSpace s) {
                s.flattenInto(prefix + k + Config.PATH_SEPARATOR, out);
            } else {
                out.put(prefix + k, v);
            }
        });
    }

    /** The dimensions only (constants left out), by path, in declaration order. */
    public Map<String, Domain> domains() {
        Map<String, Domain> out = new LinkedHashMap<>();
        flatten().forEach((k, v) -> {
            if (v instanceof Domain d) {
                out.put(k, d);
            }
        });
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

    @Override
    public String toString() {
        return flatten().toString();
    }

    /** Builds a {@link SearchSpace}; each domain is validated when added, naming its parameter. */
    public static final class Builder {
        private final Map<String, Object> entries = new LinkedHashMap<>();

        private Builder() {
        }

        /** Adds a dimension, a nested space, or a constant value. */
        public Builder add(String name, Object value) {
            Objects.requireNonNull(name, "parameter name");
            if (name.isEmpty() || name.contains(Config.PATH_SEPARATOR)) {
                throw new IllegalArgumentException("parameter name '" + name + "' must be non-empty and contain no '" + Config.PATH_SEPARATOR + "' (use nested(...) for nesting)");
            }
            if (value instanceof Domain d) {
                d.validate(name);
            }
            entries.put(name, value);
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

        public SearchSpace build() {
            return new SearchSpace(Collections.unmodifiableMap(new LinkedHashMap<>(entries)));
        }
    }
}
