package io.jtune.engine.output;

import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.spi.TrialView;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;

/**
 * Writes each trial's {@code progress.csv}: one row a result, nested values (the {@code config}
 * too) flattened to {@code a/b} columns. The header comes from the first result; later results keep
 * its columns (new keys are left out, missing ones are empty cells). A resumed trial continues its
 * file under the header already there. Cells follow {@link CsvFormat}.
 */
public final class CsvLoggerCallback extends PerTrialFileCallback<CsvLoggerCallback.ProgressFile> {
    /** The progress file of a trial. */
    public static final String PROGRESS_FILE = "progress.csv";
    private final RowWriter row = new RowWriter();
    /**
     * The columns of the last header made from a result, shared by the files whose header is the
     * same (trials usually report the same keys), so rows read columns already in the cache.
     */
    private List<Column> lastHeader = List.of();

    public CsvLoggerCallback() {
        this(System::nanoTime);
    }

    CsvLoggerCallback(LongSupplier nanoClock) {
        super(nanoClock, PROGRESS_FILE, true, true, 1);
    }

    @Override
    public void onTrialStart(TrialView trial) {
        file(trial);
    }

    @Override
    protected ProgressFile open(Path path, String trialId, boolean hasRecords, long nowNanos, FileWriterThread writer) throws IOException {
        return new ProgressFile(path, trialId, hasRecords ? ProgressFile.existingHeader(path) : null, nowNanos, writer);
    }

    @Override
    protected void encode(ProgressFile file, Result result, Config trialConfig, RecordBytes out) {
        if (file.columns == null) {
            List<Column> header = ProgressFile.header(result, trialConfig);
            if (!Column.same(header, lastHeader)) {
                lastHeader = header;
            }
            file.columns = lastHeader;
            row.header(file.columns, out);
        }
        row.write(file.columns, result, trialConfig, out);
    }

    /**
     * Appends one row. The columns usually follow the result's keys: the values are taken in order
     * while they do, and the remaining columns are looked up. Cells are written straight into the
     * record; the header's names come from {@link EncodedStrings}.
     */
    private static final class RowWriter implements BiConsumer<String, Object> {
        private final EncodedStrings names = new EncodedStrings((to, name) -> to.appendUtf8(CsvFormat.quoted(name)));
        private List<Column> columns;
        private RecordBytes out;
        private int next;
        private boolean inOrder;

        /** Appends the header record: the column names, quoted as needed (as {@link CsvFormat#appendHeader}). */
        void header(List<Column> header, RecordBytes record) {
            for (int i = 0; i < header.size(); i++) {
                if (i > 0) {
                    record.append(',');
                }
                names.append(record, header.get(i).name);
            }
            record.append('\n');
        }

        void write(List<Column> rowColumns, Result result, Config trialConfig, RecordBytes record) {
            columns = rowColumns;
            out = record;
            next = 0;
            inOrder = true;
            result.asMap().forEach(this);
            for (int i = next; i < columns.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                cell(columns.get(i).valueIn(result, trialConfig));
            }
            out.append('\n');
        }

        @Override
        public void accept(String key, Object value) {
            if (inOrder && next < columns.size() && columns.get(next).isKey(key)) {
                if (next > 0) {
                    out.append(',');
                }
                cell(value);
                next++;
            } else {
                inOrder = false;
            }
        }

        private void cell(Object value) {
            out.appendUtf8(CsvFormat.cellText(value));
        }
    }

    /**
     * One column: where its value sits in a result. {@code key} is the result's top-level key (it may
     * itself hold a '/'), {@code nested} the path below it; unresolved columns (read from an existing
     * header) are resolved against the first result that has them.
     */
    private static final class Column {
        /** The path below the key of a top-level column: none. */
        static final String[] TOP_LEVEL = new String[0];

        final String name;
        String key;
        String[] nested;

        Column(String name, String key, String[] nested) {
            this.name = name;
            this.key = key;
            this.nested = nested;
        }

        /** Whether the two lists hold the same columns (names and places in a result) in the same order. */
        static boolean same(List<Column> a, List<Column> b) {
            if (a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                Column x = a.get(i);
                Column y = b.get(i);
                if (!x.name.equals(y.name) || !Objects.equals(x.key, y.key) || !Arrays.equals(x.nested, y.nested)) {
                    return false;
                }
            }
            return true;
        }

        /** Whether this column is the result's top-level {@code resultKey}. */
        boolean isKey(String resultKey) {
            return nested != null && nested.length == 0 && resultKey.equals(key);
        }

        Object valueIn(Result result, Config trialConfig) {
            if (key == null && !resolve(result)) {
                return null;
            }
            Object top = result.get(key);
            if (top == null && Result.CONFIG.equals(key)) {
                top = trialConfig;
            }
            return nested.length == 0 ? top : CsvFormat.valueAt(top, nested);
        }

        private boolean resolve(Result result) {
            for (int cut = name.length(); cut > 0; cut = name.lastIndexOf(Config.PATH_SEPARATOR, cut - 1)) {
                String prefix = name.substring(0, cut);
                if (result.has(prefix) || Result.CONFIG.equals(prefix)) {
                    key = prefix;
                    nested = cut == name.length() ? TOP_LEVEL : name.substring(cut + 1).split(Config.PATH_SEPARATOR);
                    return true;
                }
            }
            return false;
        }
    }

    /** An open progress.csv with its columns. */
    static final class ProgressFile extends TrialFile {
        /** The header's columns; null until the first result when the file is new. */
        private List<Column> columns;

        ProgressFile(Path path, String trialId, List<Column> columns, long nowNanos, FileWriterThread writer) {
            super(path, trialId, FLUSH_INTERVAL_NANOS, nowNanos, writer);
            this.columns = columns;
        }

        /** The columns of the header a resumed trial's file already has. */
        private static List<Column> existingHeader(Path path) throws IOException {
            try (BufferedReader in = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
                List<Column> columns = new ArrayList<>();
                CsvFormat.parseRecord(in.readLine()).forEach(name -> columns.add(new Column(name, null, null)));
                return columns;
            }
        }

        private static List<Column> header(Result result, Config trialConfig) {
            List<Column> columns = new ArrayList<>(result.asMap().size() + 1);
            result.asMap().forEach((key, value) -> addColumns(columns, key, value));
            if (!result.has(Result.CONFIG)) {
                addColumns(columns, Result.CONFIG, trialConfig);
            }
            return columns;
        }

        /** The columns of one key: itself, or a column a leaf of a nested value. */
        private static void addColumns(List<Column> columns, String key, Object value) {
            if (!CsvFormat.isNested(value)) {
                columns.add(new Column(key, key, Column.TOP_LEVEL));
                return;
            }
            Map<String, Object> flat = new LinkedHashMap<>();
            CsvFormat.flattenInto(key, value, flat);
            int nestedFrom = key.length() + 1;
            for (String name : flat.keySet()) {
                columns.add(new Column(name, key, name.substring(nestedFrom).split(Config.PATH_SEPARATOR)));
            }
        }
    }
}
