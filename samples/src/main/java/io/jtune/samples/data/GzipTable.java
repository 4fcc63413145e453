package io.jtune.samples.data;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/** Reads a gzip-compressed table of numbers (no header, a fixed number of columns a line) from the classpath. */
final class GzipTable {
    private GzipTable() {
    }

    /** The rows of the classpath resource {@code resource} (a path such as {@code data/digits.csv.gz}). */
    static double[][] readResource(String resource, Pattern separator, int columns) {
        InputStream in = GzipTable.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalStateException("dataset resource '" + resource + "' is not on the classpath; the samples module ships it in "
                    + "src/main/resources/" + resource + ": restore that file and rebuild the module");
        }
        try (in) {
            return parse(resource, in, separator, columns);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read dataset resource '" + resource + "': " + e.getMessage()
                    + " (is it a gzip file?)", e);
        }
    }

    /** Parses gzip-compressed lines of {@code columns} numbers; blank lines are skipped; {@code name} names the source in errors. */
    static double[][] parse(String name, InputStream gzipped, Pattern separator, int columns) throws IOException {
        List<double[]> rows = new ArrayList<>();
        BufferedReader reader = new BufferedReader(new InputStreamReader(new GZIPInputStream(gzipped), StandardCharsets.US_ASCII));
        String line;
        int lineNumber = 0;
        while ((line = reader.readLine()) != null) {
            lineNumber++;
            String trimmed = line.strip();
            if (!trimmed.isEmpty()) {
                rows.add(parseLine(name, lineNumber, separator.split(trimmed), columns));
            }
        }
        if (rows.isEmpty()) {
            throw new IllegalStateException("dataset resource '" + name + "' holds no rows");
        }
        return rows.toArray(new double[0][]);
    }

    private static double[] parseLine(String name, int lineNumber, String[] cells, int columns) {
        if (cells.length != columns) {
            throw new IllegalStateException("dataset resource '" + name + "' line " + lineNumber + ": expected " + columns
                    + " values, found " + cells.length);
        }
        double[] row = new double[columns];
        for (int c = 0; c < columns; c++) {
            try {
                row[c] = Double.parseDouble(cells[c]);
            } catch (NumberFormatException e) {
                throw new IllegalStateException("dataset resource '" + name + "' line " + lineNumber + " column " + (c + 1) + ": '"
                        + cells[c] + "' is not a number", e);
            }
            if (!Double.isFinite(row[c])) {
                throw new IllegalStateException("dataset resource '" + name + "' line " + lineNumber + " column " + (c + 1) + ": '"
                        + cells[c] + "' is not a finite number");
            }
        }
        return row;
    }
}
