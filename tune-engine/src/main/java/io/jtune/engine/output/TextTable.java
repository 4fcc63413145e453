package io.jtune.engine.output;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table in the "psql" style Ray Tune's progress output uses (via {@code tabulate}):
 * numeric columns right-aligned, text left-aligned, numbers with six significant digits.
 */
final class TextTable {
    private static final MathContext SIX_DIGITS = new MathContext(6, RoundingMode.HALF_EVEN);

    private final List<String> headers;
    private final List<List<Object>> rows = new ArrayList<>();

    TextTable(List<String> headers) {
        this.headers = headers;
    }

    void addRow(List<Object> cells) {
        rows.add(cells);
    }

    /** The table's lines. */
    List<String> lines() {
        int n = headers.size();
        int[] width = new int[n];
        boolean[] numeric = new boolean[n];
        List<List<String>> texts = new ArrayList<>();
        for (int c = 0; c < n; c++) {
            width[c] = headers.get(c).length();
            numeric[c] = true;
        }
        for (List<Object> row : rows) {
            List<String> text = new ArrayList<>();
            for (int c = 0; c < n; c++) {
                Object v = row.get(c);
                String s = format(v);
                numeric[c] &= v == null || v instanceof Number;
                width[c] = Math.max(width[c], s.length());
                text.add(s);
            }
            texts.add(text);
        }
        List<String> lines = new ArrayList<>();
        String border = rule('+', '+', width);
        lines.add(border);
        lines.add(line(headers, width, numeric));
        lines.add(rule('|', '+', width));
        texts.forEach(t -> lines.add(line(t, width, numeric)));
        lines.add(border);
        return lines;
    }

    private static String rule(char edge, char joint, int[] width) {
        StringBuilder s = new StringBuilder().append(edge);
        for (int c = 0; c < width.length; c++) {
            s.append("-".repeat(width[c] + 2)).append(c == width.length - 1 ? edge : joint);
        }
        return s.toString();
    }

    private static String line(List<String> cells, int[] width, boolean[] numeric) {
        StringBuilder s = new StringBuilder("|");
        for (int c = 0; c < width.length; c++) {
            String v = cells.get(c);
            String pad = " ".repeat(width[c] - v.length());
            s.append(' ').append(numeric[c] ? pad + v : v + pad).append(" |");
        }
        return s.toString();
    }

    /** A cell's text: numbers as Python's {@code format(x, "g")}, null as empty. */
    static String format(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof Double || v instanceof Float) {
            return formatG(((Number) v).doubleValue());
        }
        return v.toString();
    }

    /** Python's {@code "g"} format: six significant digits, no trailing zeros, exponent outside [-4, 6). */
    static String formatG(double v) {
        if (Double.isNaN(v)) {
            return "nan";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        if (v == 0) {
            return 1 / v < 0 ? "-0" : "0";
        }
        BigDecimal rounded = new BigDecimal(v).round(SIX_DIGITS);
        int exp = rounded.precision() - rounded.scale() - 1;
        if (exp >= -4 && exp < 6) {
            return rounded.stripTrailingZeros().toPlainString();
        }
        String mantissa = rounded.movePointLeft(exp).stripTrailingZeros().toPlainString();
        int abs = Math.abs(exp);
        return mantissa + "e" + (exp < 0 ? '-' : '+') + (abs < 10 ? "0" : "") + abs;
    }
}
