package io.jtune.api;

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
        char[] digits = new char[5];
        long exponentAndCount = fourDigitsFast(Math.abs(d), digits);
        if (exponentAndCount == NOT_FAST) {
            exponentAndCount = fourDigitsOfShortestForm(d, digits);
        }
        int exponent = (int) (exponentAndCount >> 8);
        int n = (int) (exponentAndCount & 0xff);
        while (n > 1 && digits[n - 1] == '0') {
            n--;
        }
        StringBuilder s = new StringBuilder(16);
        if (d < 0) {
            s.append('-');
        }
        if (exponent >= -4 && exponent < 4) {
            if (exponent < 0) {
                s.append("0.");
                for (int i = exponent + 1; i < 0; i++) {
                    s.append('0');
                }
                return s.append(digits, 0, n).toString();
            }
            for (int i = 0; i <= exponent; i++) {
                s.append(i < n ? digits[i] : '0');
            }
            return n > exponent + 1 ? s.append('.').append(digits, exponent + 1, n - exponent - 1).toString() : s.toString();
        }
        s.append(digits[0]);
        if (n > 1) {
            s.append('.').append(digits, 1, n - 1);
        }
        int magnitude = Math.abs(exponent);
        return s.append(exponent < 0 ? "e-" : "e+").append(magnitude < 10 ? "0" : "").append(magnitude).toString();
    }

    private static final long NOT_FAST = Long.MIN_VALUE;
    private static final double[] POWERS_OF_TEN = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18};

    /**
     * The four significant digits of {@code a} (> 0) rounded half-up, into {@code digits}, as
     * {@code exponent << 8 | 4}, worked out from the binary value: its shortest decimal form (which
     * the rounding is defined on) lies within 1e-12 of it at this scale, so both round alike unless
     * the value is within a hair of a tie, where this answers {@link #NOT_FAST}, as it does outside
     * [1e-15, 1e15), where the powers of ten it scales by are not exact.
     */
    private static long fourDigitsFast(double a, char[] digits) {
        if (!(a >= 1e-15 && a < 1e15)) {
            return NOT_FAST;
        }
        int exponent = (int) Math.floor(Math.log10(a));
        double scaled = scaledToFourDigits(a, exponent);
        if (scaled < 1000) {
            scaled = scaledToFourDigits(a, --exponent);
        } else if (scaled >= 10000) {
            scaled = scaledToFourDigits(a, ++exponent);
        }
        double floor = Math.floor(scaled);
        double fraction = scaled - floor;
        if (Math.abs(fraction - 0.5) < 1e-6 || !(scaled >= 1000 && scaled < 10000)) {
            return NOT_FAST;
        }
        int rounded = (int) floor + (fraction > 0.5 ? 1 : 0);
        if (rounded == 10000) {
            rounded = 1000;
            exponent++;
        }
        for (int i = 3; i >= 0; i--) {
            digits[i] = (char) ('0' + rounded % 10);
            rounded /= 10;
        }
        return (long) exponent << 8 | 4;
    }

    /** {@code a * 10^(3 - exponent)}, one correctly rounded operation by an exact power of ten. */
    private static double scaledToFourDigits(double a, int exponent) {
        int k = 3 - exponent;
        return k >= 0 ? a * POWERS_OF_TEN[k] : a / POWERS_OF_TEN[-k];
    }

    /**
     * As {@link #fourDigitsFast}, for any finite non-zero {@code d}, from the digits of
     * {@link Double#toString} ("-12.345", "1.2345E-5"), rounded half-up with char arithmetic.
     */
    private static long fourDigitsOfShortestForm(double d, char[] digits) {
        String text = Double.toString(d);
        int e = text.indexOf('E');
        int end = e < 0 ? text.length() : e;
        char[] all = new char[end];
        int count = 0;
        int point = 0;
        for (int i = d < 0 ? 1 : 0; i < end; i++) {
            char c = text.charAt(i);
            if (c == '.') {
                point = count;
            } else {
                all[count++] = c;
            }
        }
        int lead = 0;
        while (all[lead] == '0') {
            lead++;
        }
        int n = Math.min(count - lead, 5);
        System.arraycopy(all, lead, digits, 0, n);
        point -= lead;
        // digits[0] is the first significant digit; its decimal exponent:
        int exponent = point - 1 + (e < 0 ? 0 : Integer.parseInt(text, e + 1, text.length(), 10));
        if (n > 4) {
            boolean up = digits[4] >= '5';
            n = 4;
            for (int i = 3; up && i >= 0; i--) {
                up = digits[i] == '9';
                digits[i] = up ? '0' : (char) (digits[i] + 1);
            }
            if (up) {
                digits[0] = '1';
                exponent++;
            }
        }
        return (long) exponent << 8 | n;
    }
}
