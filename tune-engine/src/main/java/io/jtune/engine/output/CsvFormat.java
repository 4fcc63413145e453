package io.jtune.engine.output;

import com.fasterxml.jackson.core.io.NumberOutput;
import io.jtune.api.Config;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * CSV as Ray Tune's files have it, readable by pandas: Python's {@code csv} minimal quoting, floats
 * with NaN and infinities as {@code nan}, {@code inf}, {@code -inf}, other floats in the shortest
 * digits that read back as the same value (as result.json has them; Java 17's
 * {@code Double.toString} writes {@code 1e23} as {@code 9.999999999999999E22}), booleans as
 * {@code True} and {@code False}, null as an empty cell; nested values are flattened to {@code a/b}
 * columns.
 */
public final class CsvFormat {
    private CsvFormat() {
    }

    /** Appends one cell (no separator). */
    public static void appendCell(StringBuilder line, Object value) {
        line.append(cellText(value));
    }

    /**
     * One cell's text: a float as {@link #floatText}, a whole number in decimal, a boolean as
     * {@code True} or {@code False}, null as nothing, anything else its string, quoted where needed.
     */
    static String cellText(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof Double || value instanceof Float) {
            return floatText(((Number) value).doubleValue(), value instanceof Float);
        }
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return Long.toString(((Number) value).longValue());
        }
        if (value instanceof Boolean b) {
            return b ? "True" : "False";
        }
        return quoted(value.toString());
    }

    /** A float cell's text: {@code nan}, {@code inf}, {@code -inf}, or the shortest digits that read back as the same value. */
    private static String floatText(double d, boolean isFloat) {
        if (Double.isNaN(d)) {
            return "nan";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        return isFloat ? NumberOutput.toString((float) d, true) : DoubleText.of(d);
    }

    /** Appends a header record: the names, quoted where needed, separated by commas (no line break). */
    public static void appendHeader(StringBuilder line, Iterable<String> names) {
        boolean first = true;
        for (String name : names) {
            if (!first) {
                line.append(',');
            }
            first = false;
            appendText(line, name);
        }
    }

    /** Appends text, quoted (with doubled quotes) when it holds a comma, quote or line break. */
    public static void appendText(StringBuilder line, String text) {
        line.append(quoted(text));
    }

    /** {@code text} itself, or quoted (with doubled quotes) when it holds a comma, quote or line break. */
    static String quoted(String text) {
        if (!needsQuotes(text)) {
            return text;
        }
        StringBuilder q = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                q.append('"');
            }
            q.append(c);
        }
        return q.append('"').toString();
    }

    private static boolean needsQuotes(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == ',' || c == '"' || c == '\n' || c == '\r') {
                return true;
            }
        }
        return false;
    }

    /** Splits one CSV record (a header line) into its cells, undoing the quoting. */
    public static List<String> parseRecord(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                cells.add(cell.toString());
                cell.setLength(0);
            } else if (c != '\r' && c != '\n') {
                cell.append(c);
            }
        }
        cells.add(cell.toString());
        return cells;
    }

    /** Adds the leaves of {@code value} under {@code key}: nested configs and maps become {@code key/child} entries. */
    public static void flattenInto(String key, Object value, Map<String, Object> out) {
        if (!isNested(value)) {
            out.put(key, value);
        } else if (value instanceof Config c) {
            c.flatten().forEach((k, v) -> out.put(key + Config.PATH_SEPARATOR + k, v));
        } else {
            ((Map<?, ?>) value).forEach((k, v) -> flattenInto(key + Config.PATH_SEPARATOR + k, v, out));
        }
    }

    /** Whether {@code value} is flattened into {@code key/child} columns: a non-empty config or map. */
    static boolean isNested(Object value) {
        return value instanceof Config c && !c.isEmpty() || value instanceof Map<?, ?> m && !m.isEmpty();
    }

    /** The value at a flattened path, walking nested configs and maps; null when absent. */
    public static Object valueAt(Object root, String[] path) {
        Object node = root;
        for (String part : path) {
            if (node instanceof Config c) {
                node = c.has(part) ? c.get(part) : null;
            } else if (node instanceof Map<?, ?> m) {
                node = m.get(part);
            } else {
                return null;
            }
        }
        return node;
    }
}
