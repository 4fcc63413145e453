package io.jtune.api;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
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
 *
 * <p>A config keeps its keys and values in two arrays (a driver holds one per trial, so no map entries,
 * table or views per config); a key is found by a scan, as configs hold a few to a few dozen keys.
 */
public final class Config {
    /** The separator of path keys, as in Ray Tune's flattened configs. */
    public static final String PATH_SEPARATOR = "/";

    private static final Config EMPTY = new Config(new String[0], new Object[0]);

    /** The top-level keys, distinct, in insertion order. */
    private final String[] keys;
    /** {@code values[i]} is the (frozen) value of {@code keys[i]}. */
    private final Object[] values;

    private Config(String[] keys, Object[] values) {
        this.keys = keys;
        this.values = values;
    }

    public static Config empty() {
        return EMPTY;
    }

    /** A config holding a deep, immutable copy of {@code map}; nested maps become nested configs. */
    public static Config of(Map<String, ?> map) {
        if (map.isEmpty()) {
            return EMPTY;
        }
        String[] keys = new String[map.size()];
        Object[] values = new Object[keys.length];
        int i = 0;
        for (Map.Entry<String, ?> e : map.entrySet()) {
            keys[i] = Objects.requireNonNull(e.getKey(), "a config key is null");
            values[i++] = freeze(e.getValue());
        }
        return new Config(keys, values);
    }

    /** A config from path keys ({@code "a/b" -> 1} becomes {@code a: {b: 1}}), in the order given. */
    public static Config unflatten(Map<String, ?> flat) {
        if (!hasPath(flat)) {
            return of(flat);
        }
        Map<String, Object> root = new LinkedHashMap<>();
        for (Map.Entry<String, ?> e : flat.entrySet()) {
            putPath(root, e.getKey(), e.getValue());
        }
        return of(root);
    }

    private static boolean hasPath(Map<String, ?> flat) {
        for (String key : flat.keySet()) {
            if (key.indexOf('/') >= 0) {
                return true;
            }
        }
        return false;
    }

    @SuppressWarnings("unchecked")
    private static void putPath(Map<String, Object> root, String path, Object value) {
        if (path.indexOf('/') < 0) {
            root.put(path, value);
            return;
        }
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
            for (Map.Entry<?, ?> e : m.entrySet()) {
                copy.put(String.valueOf(e.getKey()), e.getValue());
            }
            return of(copy);
        }
        if (value instanceof List<?> l) {
            List<Object> frozen = new ArrayList<>(l.size());
            for (Object element : l) {
                frozen.add(freeze(element));
            }
            return Collections.unmodifiableList(frozen);
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
        return new KeySet();
    }

    public boolean isEmpty() {
        return keys.length == 0;
    }

    /** A read-only view of {@link #keys}, in order. */
    private final class KeySet extends AbstractSet<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.asList(keys).iterator(); // its remove() throws: read-only
        }

        @Override
        public int size() {
            return keys.length;
        }

        @Override
        public boolean contains(Object o) {
            return o instanceof String key && indexOf(key) >= 0;
        }
    }

    private int indexOf(String key) {
        for (int i = 0; i < keys.length; i++) {
            if (key.equals(keys[i])) {
                return i;
            }
        }
        return -1;
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
        for (int i = 0; i < keys.length; i++) {
            if (values[i] instanceof Config c && !c.isEmpty()) {
                c.flattenInto(prefix + keys[i] + PATH_SEPARATOR, out);
            } else {
                out.put(prefix.isEmpty() ? keys[i] : prefix + keys[i], values[i]);
            }
        }
    }

    /** Plain nested maps and lists (for JSON writers); a fresh mutable copy. */
    public Map<String, Object> toMap() {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < keys.length; i++) {
            out.put(keys[i], plain(values[i]));
        }
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
        int at = indexOf(key);
        if (at >= 0) {
            return values[at];
        }
        int slash = key.indexOf(PATH_SEPARATOR);
        int parent = slash > 0 ? indexOf(key.substring(0, slash)) : -1;
        if (parent >= 0 && values[parent] instanceof Config nested) {
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
        if (!(o instanceof Config c) || c.keys.length != keys.length) {
            return false;
        }
        for (int i = 0; i < keys.length; i++) {
            int j = c.indexOf(keys[i]);
            if (j < 0 || !Objects.equals(values[i], c.values[j])) {
                return false;
            }
        }
        return true;
    }

    /** As a map's hash code: the sum of each key's hash XOR its value's. */
    @Override
    public int hashCode() {
        int h = 0;
        for (int i = 0; i < keys.length; i++) {
            h += keys[i].hashCode() ^ Objects.hashCode(values[i]);
        }
        return h;
    }

    /** Ray-style {@code key=value} pairs of the leaves, comma-separated; a double with four significant digits ({@link #fourDigits}). */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        flatten().forEach((k, v) -> {
            if (s.length() > 0) {
                s.append(',');
            }
            s.append(k).append('=').append(v instanceof Double d ? fourDigits(d) : v);
        });
        return s.toString();
    }

    /**
     * Four significant digits, as the engine prints numbers in trial names (Ray Tune's experiment
     * tags): whole numbers below 1e15 as integers, else the shortest decimal form rounded half-up,
     * scientific below 1e-4 and from 1e4, without trailing zeros: {@code 0.001235}, {@code 3.142},
     * {@code 1.5e-05}. Not on any hot path, so plain {@link BigDecimal} arithmetic.
     */
    private static String fourDigits(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        if (!Double.isFinite(d)) {
            return Double.toString(d);
        }
        BigDecimal rounded = new BigDecimal(Double.toString(d)).round(new MathContext(4, RoundingMode.HALF_UP));
        int exponent = rounded.precision() - rounded.scale() - 1;
        if (exponent >= -4 && exponent < 4) {
            return rounded.setScale(3 - exponent, RoundingMode.UNNECESSARY).stripTrailingZeros().toPlainString();
        }
        String digits = rounded.unscaledValue().abs().toString();
        int n = digits.length();
        while (n > 1 && digits.charAt(n - 1) == '0') {
            n--;
        }
        StringBuilder s = new StringBuilder(16).append(d < 0 ? "-" : "").append(digits.charAt(0));
        if (n > 1) {
            s.append('.').append(digits, 1, n);
        }
        int magnitude = Math.abs(exponent);
        return s.append(exponent < 0 ? "e-" : "e+").append(magnitude < 10 ? "0" : "").append(magnitude).toString();
    }
}
