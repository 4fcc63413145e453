package io.jtune.api;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * A trial's hyperparameters: an immutable, ordered tree of named values. Leaves are numbers,
 * strings, booleans, lists or {@code null}; inner nodes are nested configs. A key may be a path
 * whose parts are joined by {@code /} (Ray Tune's flattened form), so {@code getDouble("model/lr")}
 * reads {@code lr} inside {@code model}.
 *
 * <p>Typed getters convert between number types and throw {@link NoSuchElementException} naming
 * the key and the keys that exist when it is missing, or {@link ClassCastException} naming the key
 * and the actual type when it has another type.
 */
public final class Config {
    private static final MathContext FOUR_DIGITS = new MathContext(4, RoundingMode.HALF_UP);
    /** The separator of path keys, as in Ray Tune's flattened configs. */
    public static final String PATH_SEPARATOR = "/";

    private static final Config EMPTY = new Config(Map.of());

    private final Map<String, Object> values;

    private Config(Map<String, Object> frozen) {
        this.values = frozen;
    }

    public static Config empty() {
        return EMPTY;
    }

    /** A config holding a deep, immutable copy of {@code map}; nested maps become nested configs. */
    public static Config of(Map<String, ?> map) {
        Map<String, Object> copy = new LinkedHashMap<>();
        map.forEach((k, v) -> copy.put(k, freeze(v)));
        return new Config(Collections.unmodifiableMap(copy));
    }

    /** A config from path keys ({@code "a/b" -> 1} becomes {@code a: {b: 1}}), in the order given. */
    public static Config unflatten(Map<String, ?> flat) {
        Map<String, Object> root = new LinkedHashMap<>();
        flat.forEach((path, value) -> putPath(root, path, value));
        return of(root);
    }

    @SuppressWarnings("unchecked")
    private static void putPath(Map<String, Object> root, String path, Object value) {
        String[] parts = path.split(PATH_SEPARATOR, -1);
        Map<String, Object> node = root;
        for (int i = 0; i < parts.length - 1; i++) {
            Object child = node.get(parts[i]);
            if (!(child instanceof Map)) {
                child = new LinkedHashMap<String, Object>();
                node.put(parts[i], child);
            }
            node = (Map<String, Object>) child;
        }
        node.put(parts[parts.length - 1], value);
    }

    private static Object freeze(Object value) {
        if (value instanceof Config) {
            return value;
        }
        if (value instanceof Map<?, ?> m) {
            Map<String, Object> copy = new LinkedHashMap<>();
            m.forEach((k, v) -> copy.put(String.valueOf(k), v));
            return of(copy);
        }
        if (value instanceof List<?> l) {
            return Collections.unmodifiableList(l.stream().map(Config::freeze).toList());
        }
        return value;
    }

    /** True when the key (or path) has a value, which may be {@code null}. */
    public boolean has(String key) {
        return lookup(key, false) != MISSING;
    }

    /** The raw value at the key or path: a number, string, boolean, list, nested Config or null. */
    public Object get(String key) {
        return lookup(key, true);
    }

    public double getDouble(String key) {
        return asNumber(key).doubleValue();
    }

    public int getInt(String key) {
        Number n = asNumber(key);
        if (n.doubleValue() != Math.rint(n.doubleValue())) {
            throw new ClassCastException("config key '" + key + "' holds " + n + ", which is not a whole number");
        }
        return Math.toIntExact(n.longValue());
    }

    public long getLong(String key) {
        return asNumber(key).longValue();
    }

    public boolean getBoolean(String key) {
        Object v = get(key);
        if (v instanceof Boolean b) {
            return b;
        }
        throw wrongType(key, v, "a boolean");
    }

    public String getString(String key) {
        Object v = get(key);
        if (v instanceof String s) {
            return s;
        }
        throw wrongType(key, v, "a string");
    }

    /** The nested config at the key or path. */
    public Config getConfig(String key) {
        Object v = get(key);
        if (v instanceof Config c) {
            return c;
        }
        throw wrongType(key, v, "a nested config");
    }

    public double getDouble(String key, double fallback) {
        return has(key) ? getDouble(key) : fallback;
    }

    public int getInt(String key, int fallback) {
        return has(key) ? getInt(key) : fallback;
    }

    public String getString(String key, String fallback) {
        return has(key) ? getString(key) : fallback;
    }

    /** The top-level keys, in insertion order. */
    public Set<String> keys() {
        return values.keySet();
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }

    /** A new config with the key (or path) set to the value; this one is unchanged. */
    public Config with(String key, Object value) {
        Map<String, Object> flat = flatten();
        flat.put(key, value);
        return unflatten(flat);
    }

    /** A new config: this one's values overridden path by path by {@code other}'s. */
    public Config merge(Config other) {
        Map<String, Object> flat = flatten();
        flat.putAll(other.flatten());
        return unflatten(flat);
    }

    /** Leaves by path ({@code "model/lr"}), in order; nested configs are descended into. */
    public Map<String, Object> flatten() {
        Map<String, Object> out = new LinkedHashMap<>();
        flattenInto("", out);
        return out;
    }

    private void flattenInto(String prefix, Map<String, Object> out) {
        values.forEach((k, v) -> {
            if (v instanceof Config c && !c.isEmpty()) {
                c.flattenInto(prefix + k + PATH_SEPARATOR, out);
            } else {
                out.put(prefix + k, v);
            }
        });
    }

    /** Plain nested maps and lists (for JSON writers); a fresh mutable copy. */
    public Map<String, Object> toMap() {
        Map<String, Object> out = new LinkedHashMap<>();
        values.forEach((k, v) -> out.put(k, plain(v)));
        return out;
    }

    private static Object plain(Object v) {
        if (v instanceof Config c) {
            return c.toMap();
        }
        if (v instanceof List<?> l) {
            return l.stream().map(Config::plain).toList();
        }
        return v;
    }

    private static final Object MISSING = new Object();

    private Object lookup(String key, boolean required) {
        if (values.containsKey(key)) {
            return values.get(key);
        }
        int slash = key.indexOf(PATH_SEPARATOR);
        if (slash > 0 && values.get(key.substring(0, slash)) instanceof Config nested) {
            String rest = key.substring(slash + 1);
            if (nested.has(rest)) {
                return nested.get(rest);
            }
        }
        if (required) {
            throw new NoSuchElementException("config has no key '" + key + "'; it has " + flatten().keySet());
        }
        return MISSING;
    }

    private Number asNumber(String key) {
        Object v = get(key);
        if (v instanceof Number n) {
            return n;
        }
        throw wrongType(key, v, "a number");
    }

    private static ClassCastException wrongType(String key, Object v, String wanted) {
        String actual = v == null ? "null" : v.getClass().getSimpleName() + " " + v;
        return new ClassCastException("config key '" + key + "' holds " + actual + ", not " + wanted);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Config c && values.equals(c.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    /** Ray-style {@code key=value} pairs of the leaves, comma-separated. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        flatten().forEach((k, v) -> {
            if (s.length() > 0) {
                s.append(',');
            }
            s.append(k).append('=').append(v instanceof Double d ? formatNumber(d) : v);
        });
        return s.toString();
    }

    /**
     * Four significant digits, as Ray Tune's experiment tags print floats: whole numbers below 1e15
     * as integers, else Java's {@code %.4g} (half-up on the shortest decimal form, scientific below
     * 1e-4 and from 1e4) without trailing zeros, e.g. {@code 0.001235}, {@code 3.142}, {@code 1.5e-05}.
     */
    public static String formatNumber(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        if (!Double.isFinite(d)) {
            return Double.toString(d);
        }
        BigDecimal rounded = new BigDecimal(Double.toString(d)).round(FOUR_DIGITS);
        int exponent = rounded.precision() - rounded.scale() - 1;
        if (exponent >= -4 && exponent < 4) {
            String plain = rounded.setScale(3 - exponent).toPlainString();
            if (plain.indexOf('.') < 0) {
                return plain;
            }
            int end = plain.length();
            while (plain.charAt(end - 1) == '0') {
                end--;
            }
            return plain.substring(0, plain.charAt(end - 1) == '.' ? end - 1 : end);
        }
        String digits = rounded.unscaledValue().abs().toString();
        int end = digits.length();
        while (end > 1 && digits.charAt(end - 1) == '0') {
            end--;
        }
        StringBuilder s = new StringBuilder(12);
        if (rounded.signum() < 0) {
            s.append('-');
        }
        s.append(digits.charAt(0));
        if (end > 1) {
            s.append('.').append(digits, 1, end);
        }
        int magnitude = Math.abs(exponent);
        return s.append(exponent < 0 ? "e-" : "e+").append(magnitude < 10 ? "0" : "").append(magnitude).toString();
    }
}
