package io.jtune.engine.output;

import com.fasterxml.jackson.core.io.NumberOutput;
import io.jtune.api.Config;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import java.util.function.IntFunction;

/**
 * Encodes result and config values as JSON the way Python's {@code json} module does for Ray Tune:
 * NaN and infinities bare ({@code NaN}, {@code Infinity}, {@code -Infinity}, which Python and pandas
 * read back as floats), nested configs and maps as objects, anything else as its string (Ray's
 * fallback encoder). Written straight into a reused {@link RecordBytes}, byte for byte as Jackson's
 * generator writes them (its shortest-digits double format, its string escapes), without a
 * generator or reflection: values are dispatched by type. Compact ({@code result.json}'s lines) or
 * as {@code json.dump(indent=2, sort_keys=True)} ({@code params.json}).
 */
final class JsonValues {
    private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);
    /** For each ASCII character: 0 when written as is, the letter of its two-character escape, or -1 for a {@code \}{@code u00XX} escape. */
    private static final int[] ESCAPES = new int[128];

    static {
        for (int c = 0; c < 0x20; c++) {
            ESCAPES[c] = -1;
        }
        ESCAPES['"'] = '"';
        ESCAPES['\\'] = '\\';
        ESCAPES['\b'] = 'b';
        ESCAPES['\t'] = 't';
        ESCAPES['\f'] = 'f';
        ESCAPES['\n'] = 'n';
        ESCAPES['\r'] = 'r';
    }

    private JsonValues() {
    }

    /** Appends {@code v} compactly: no spaces or line breaks, keys in their own order. */
    static void write(RecordBytes out, Object v) {
        write(out, v, -1);
    }

    /** Appends {@code v} as Python's {@code json.dump(v, indent=2, sort_keys=True)} does. */
    static void writePretty(RecordBytes out, Object v) {
        write(out, v, 0);
    }

    /** {@code depth} is the indent level when pretty-printing (keys sorted), -1 for compact output. */
    private static void write(RecordBytes out, Object v, int depth) {
        if (v == null) {
            out.appendUtf8("null");
        } else if (v instanceof Double d) {
            out.appendUtf8(DoubleText.of(d));
        } else if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
            out.appendLong(((Number) v).longValue());
        } else if (v instanceof Boolean b) {
            out.appendUtf8(b ? "true" : "false");
        } else if (v instanceof String s) {
            writeString(out, s);
        } else if (v instanceof Float f) {
            out.appendUtf8(NumberOutput.toString(f, true));
        } else if (v instanceof BigDecimal || v instanceof BigInteger) {
            out.appendUtf8(v.toString());
        } else if (v instanceof Number n) {
            out.appendUtf8(NumberOutput.toString(n.doubleValue(), true));
        } else if (v instanceof Config c) {
            writeConfig(out, c, depth);
        } else if (v instanceof Map<?, ?> m) {
            writeMap(out, m, depth);
        } else if (v instanceof List<?> l && v instanceof RandomAccess) {
            writeArray(out, l.size(), l::get, depth);
        } else if (v instanceof Collection<?> c) {
            Object[] items = c.toArray();
            writeArray(out, items.length, i -> items[i], depth);
        } else if (v instanceof double[] a) {
            writeArray(out, a.length, i -> a[i], depth);
        } else if (v instanceof int[] a) {
            writeArray(out, a.length, i -> a[i], depth);
        } else if (v instanceof long[] a) {
            writeArray(out, a.length, i -> a[i], depth);
        } else if (v instanceof Object[] a) {
            writeArray(out, a.length, i -> a[i], depth);
        } else {
            writeString(out, v.toString());
        }
    }

    private static void writeConfig(RecordBytes out, Config c, int depth) {
        Collection<String> keys = c.keys();
        if (depth >= 0) {
            List<String> sorted = new ArrayList<>(keys);
            sorted.sort(null);
            keys = sorted;
        }
        out.append('{');
        boolean first = true;
        for (String k : keys) {
            first = entry(out, first, k, depth);
            write(out, c.get(k), deeper(depth));
        }
        close(out, '}', first, depth);
    }

    private static void writeMap(RecordBytes out, Map<?, ?> m, int depth) {
        Collection<? extends Map.Entry<?, ?>> entries = m.entrySet();
        if (depth >= 0) {
            List<Map.Entry<?, ?>> sorted = new ArrayList<>(entries);
            sorted.sort((a, b) -> String.valueOf(a.getKey()).compareTo(String.valueOf(b.getKey())));
            entries = sorted;
        }
        out.append('{');
        boolean first = true;
        for (Map.Entry<?, ?> e : entries) {
            first = entry(out, first, String.valueOf(e.getKey()), depth);
            write(out, e.getValue(), deeper(depth));
        }
        close(out, '}', first, depth);
    }

    private static void writeArray(RecordBytes out, int length, IntFunction<Object> item, int depth) {
        out.append('[');
        for (int i = 0; i < length; i++) {
            separate(out, i == 0, depth);
            write(out, item.apply(i), deeper(depth));
        }
        close(out, ']', length == 0, depth);
    }

    /** Appends a field name with what goes before it and after it; returns false (no longer the first entry). */
    private static boolean entry(RecordBytes out, boolean first, String key, int depth) {
        separate(out, first, depth);
        writeString(out, key);
        out.append(':');
        if (depth >= 0) {
            out.append(' ');
        }
        return false;
    }

    /** Before an entry: a comma unless it is the first, then a line break and indent when pretty-printing. */
    private static void separate(RecordBytes out, boolean first, int depth) {
        if (!first) {
            out.append(',');
        }
        newline(out, depth, depth + 1);
    }

    /** Closes an object or array: an empty one stays {@code {}} or {@code []}. */
    private static void close(RecordBytes out, char bracket, boolean empty, int depth) {
        if (!empty) {
            newline(out, depth, depth);
        }
        out.append(bracket);
    }

    /** When pretty-printing ({@code depth >= 0}), a line break and two spaces a level. */
    private static void newline(RecordBytes out, int depth, int level) {
        if (depth >= 0) {
            out.append('\n');
            for (int i = 0; i < level; i++) {
                out.append(' ');
                out.append(' ');
            }
        }
    }

    private static int deeper(int depth) {
        return depth < 0 ? -1 : depth + 1;
    }

    /**
     * Appends a quoted JSON string as Jackson writes it: {@code "} and {@code \} escaped, control
     * characters as {@code \n} and the like or {@code \}{@code u00XX}, each half of a surrogate pair
     * as {@code \}{@code uXXXX}, other text as UTF-8.
     */
    static void writeString(RecordBytes out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            int escape = c < 0x80 ? ESCAPES[c] : Character.isSurrogate(c) ? -1 : 0;
            if (escape == 0) {
                if (c < 0x80) {
                    out.append(c);
                } else {
                    out.appendNonAscii(s, i);
                }
            } else if (escape > 0) {
                out.append('\\');
                out.append(escape);
            } else {
                unicodeEscape(out, c);
            }
        }
        out.append('"');
    }

    /** Appends {@code c} as {@code \}{@code uXXXX}: how Jackson writes control characters and each half of a surrogate pair. */
    private static void unicodeEscape(RecordBytes out, char c) {
        out.append('\\');
        out.append('u');
        out.append(HEX[c >> 12]);
        out.append(HEX[c >> 8 & 0xF]);
        out.append(HEX[c >> 4 & 0xF]);
        out.append(HEX[c & 0xF]);
    }
}
