package io.jtune.engine.runner.history;

import io.jtune.api.Result;
import io.jtune.engine.trial.ResultHistory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.BiConsumer;
/**
 * A history kept in memory column by column, for experiments that write no result files: a value
 * that repeats (the trial id, the config, a metric that does not change) is kept once, whole-number
 * counters that go up by one as a start and a length, other numbers as primitive arrays. Results
 * with the keys in the same order share one key list; a result with other keys starts a new block.
 * Reading builds equal {@link Result}s again. Once the trial finishes, the columns are trimmed to
 * their rows (equal number columns share one array, a column of two runs keeps two values) and the
 * trial's last result is rebuilt from them when asked.
 */
public final class ColumnarHistory implements ResultHistory {
    private static final Block[] NO_BLOCKS = new Block[0];

    private final KeyLists keyLists;
    private Block[] blocks = NO_BLOCKS;
    private int size;

    public ColumnarHistory(KeyLists keyLists) {
        this.keyLists = keyLists;
    }

    @Override
    public void add(Result result) {
        Row row = keyLists.read(result);
        Block last = blocks.length == 0 ? null : blocks[blocks.length - 1];
        if (last == null || !row.hasKeys(last.keys)) {
            last = new Block(keyLists.of(row));
            blocks = Arrays.copyOf(blocks, blocks.length + 1);
            blocks[blocks.length - 1] = last;
        }
        last.add(row, keyLists);
        size++;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public List<Result> read() {
        List<Result> results = new ArrayList<>(size);
        for (Block b : blocks) {
            b.readInto(results);
        }
        return results;
    }

    /** Trims the columns and returns null: {@link #last()} rebuilds the last result. */
    @Override
    public Result finished(Result last) {
        for (Block b : blocks) {
            b.trim();
        }
        return null;
    }

    @Override
    public Result last() {
        if (size == 0) {
            return null;
        }
        Block b = blocks[blocks.length - 1];
        return b.resultAt(b.rows - 1);
    }

    /** Drops the rows after the first {@code newSize} and trims the columns (so no row kept is written over). */
    @Override
    public void keep(int newSize) {
        int remaining = newSize;
        int kept = 0;
        for (Block b : blocks) {
            b.rows = Math.min(b.rows, remaining);
            remaining -= b.rows;
            if (b.rows > 0) {
                b.trim();
                blocks[kept++] = b;
            }
        }
        blocks = kept == blocks.length ? blocks : Arrays.copyOf(blocks, kept);
        size = Math.min(size, newSize);
    }

    @Override
    public void reset(List<Result> results) {
        blocks = NO_BLOCKS;
        size = 0;
        results.forEach(this::add);
    }

    /**
     * Interns the key lists of results, so the trials of an experiment share them, and the columns
     * that hold one value or a counter under the latest key list (a host name, a constant metric,
     * the iteration counting from 1), so trials with equal ones share one.
     */
    public static final class KeyLists {
        private final Row row = new Row();
        private String[] last = new String[0];
        private Column[] constants = new Column[0];
        private Column[] counters = new Column[0];

        /** The result's keys and values in the one row this object reuses, valid until the next call. */
        Row read(Result result) {
            row.size = 0;
            result.asMap().forEach(row);
            return row;
        }

        String[] of(Row read) {
            if (read.hasKeys(last)) {
                return last;
            }
            last = Arrays.copyOf(read.keys, read.size);
            constants = new Column[last.length];
            counters = new Column[last.length];
            return last;
        }

        /** The column equal to {@code column} seen last at {@code index} of {@code keys} when it is a shareable one, else {@code column}. */
        Column shared(String[] keys, int index, Column column) {
            Column[] seen = column instanceof Counter ? counters : column instanceof Constant c && Constant.isValue(c.value()) ? constants : null;
            if (keys != last || seen == null) {
                return column;
            }
            if (sameColumn(column, seen[index])) {
                return seen[index];
            }
            seen[index] = column;
            return column;
        }
    }

    /**
     * Whether two shareable columns (counters, or constants of a number, string or boolean) hold the
     * same values; compared here, not through the records' {@code equals}, whose first call costs a
     * cold run tens of milliseconds of method-handle set-up.
     */
    private static boolean sameColumn(Column column, Column other) {
        if (column instanceof Counter counter) {
            return other instanceof Counter o && o.first == counter.first;
        }
        return other instanceof Constant o && sameValue(((Constant) column).value, o.value);
    }

    /**
     * One result's keys and values in order, read in one pass over its map (no entry objects, no
     * iterators through the views a result may be) into arrays reused from result to result.
     */
    static final class Row implements BiConsumer<String, Object> {
        private String[] keys = new String[16];
        private Object[] values = new Object[16];
        private int size;

        @Override
        public void accept(String key, Object value) {
            if (size == keys.length) {
                keys = Arrays.copyOf(keys, size * 2);
                values = Arrays.copyOf(values, size * 2);
            }
            keys[size] = key;
            values[size++] = value;
        }

        /** Whether this row's keys are {@code expected}, in that order. */
        boolean hasKeys(String[] expected) {
            if (expected.length != size) {
                return false;
            }
            for (int i = 0; i < size; i++) {
                if (expected[i] != keys[i] && !expected[i].equals(keys[i])) {
                    return false;
                }
            }
            return true;
        }
    }

    /** Consecutive results with the same keys in the same order. */
    private static final class Block {
        final String[] keys;
        final Column[] columns;
        int rows;

        Block(String[] keys) {
            this.keys = keys;
            this.columns = new Column[keys.length];
        }

        /** Adds a row with this block's keys; while it has at most two, its one-value and counter columns are shared through {@code keyLists}. */
        void add(Row row, KeyLists keyLists) {
            Object[] values = row.values;
            for (int c = 0; c < columns.length; c++) {
                Object v = values[c];
                Column column = rows == 0 ? new Constant(v) : columns[c].with(rows, v);
                columns[c] = rows <= 1 ? keyLists.shared(keys, c, column) : column;
            }
            rows++;
        }

        void readInto(List<Result> results) {
            for (int r = 0; r < rows; r++) {
                results.add(resultAt(r));
            }
        }

        Result resultAt(int row) {
            LinkedHashMap<String, Object> values = new LinkedHashMap<>(keys.length * 4 / 3 + 1);
            for (int c = 0; c < keys.length; c++) {
                values.put(keys[c], columns[c].get(row));
            }
            return Result.wrap(values);
        }

        /**
         * Replaces each array column by one exactly {@code rows} long in a fresh array, so the next
         * row added copies it, and lets equal number columns share one array (time_since_restore
         * equals time_total_s until a restore).
         */
        void trim() {
            for (int c = 0; c < columns.length; c++) {
                Column column = columns[c].trimmed(rows);
                if (column instanceof Doubles d) {
                    for (int e = 0; e < c; e++) {
                        if (columns[e] instanceof Doubles earlier && Arrays.equals(earlier.values, d.values)) {
                            column = new Doubles(earlier.values);
                            break;
                        }
                    }
                }
                columns[c] = column;
            }
        }
    }

    /** The values of one key in a block; {@link #with} returns the column holding one more value at {@code row}. */
    private interface Column {
        Object get(int row);

        Column with(int row, Object value);

        /** This column's first {@code rows} values, in arrays no longer than that (this column when it has none). */
        default Column trimmed(int rows) {
            return this;
        }
    }

    private static int grown(int row) {
        return Math.max(8, row + (row >> 1));
    }

    /** The same value in every row so far. */
    private record Constant(Object value) implements Column {
        @Override
        public Object get(int row) {
            return value;
        }

        @Override
        public Column with(int row, Object v) {
            if (sameValue(v, value)) {
                return this;
            }
            if (row == 1 && value instanceof Long first && v instanceof Long next && next == first + 1) {
                return new Counter(first);
            }
            return fromRows(row, this).with(row, v);
        }

        static boolean isValue(Object v) {
            return v instanceof Number || v instanceof String || v instanceof Boolean;
        }
    }

    /** True when {@code v} is {@code value}, or an equal number, string or boolean (whose reading back cannot tell them apart). */
    private static boolean sameValue(Object v, Object value) {
        return v == value || v != null && Constant.isValue(v) && v.equals(value);
    }

    /** {@code first} in the rows before {@code switchRow}, {@code then} in the rows from it. */
    private record TwoRuns(Object first, int switchRow, Object then) implements Column {
        @Override
        public Object get(int row) {
            return row < switchRow ? first : then;
        }

        @Override
        public Column with(int row, Object v) {
            return row >= switchRow && sameValue(v, then) ? this : fromRows(row, this).with(row, v);
        }

        /** Cut before its second run, one value. */
        @Override
        public Column trimmed(int rows) {
            return rows <= switchRow ? new Constant(first) : this;
        }
    }

    /** Whole numbers going up by one from {@code first}. */
    private record Counter(long first) implements Column {
        @Override
        public Object get(int row) {
            return first + row;
        }

        @Override
        public Column with(int row, Object v) {
            if (v instanceof Long next && next == first + row) {
                return this;
            }
            return fromRows(row, this).with(row, v);
        }
    }

    /** The first {@code rows} values of {@code column} in the array column that fits its first value. */
    private static Column fromRows(int rows, Column column) {
        Object first = column.get(0);
        Column copy = first instanceof Double ? new Doubles(rows) : first instanceof Long ? new Longs(rows) : new Objects(rows);
        for (int r = 0; r < rows; r++) {
            copy = copy.with(r, column.get(r));
        }
        return copy;
    }

    private static final class Doubles implements Column {
        private double[] values;

        Doubles(int rows) {
            values = new double[grown(rows)];
        }

        Doubles(double[] values) {
            this.values = values;
        }

        @Override
        public Column trimmed(int rows) {
            return new Doubles(Arrays.copyOf(values, rows));
        }

        @Override
        public Object get(int row) {
            return values[row];
        }

        @Override
        public Column with(int row, Object v) {
            if (!(v instanceof Double d)) {
                return new Objects(row, this).with(row, v);
            }
            if (row == values.length) {
                values = Arrays.copyOf(values, grown(row));
            }
            values[row] = d;
            return this;
        }
    }

    private static final class Longs implements Column {
        private long[] values;

        Longs(int rows) {
            values = new long[grown(rows)];
        }

        private Longs(long[] values) {
            this.values = values;
        }

        @Override
        public Column trimmed(int rows) {
            return new Longs(Arrays.copyOf(values, rows));
        }

        @Override
        public Object get(int row) {
            return values[row];
        }

        @Override
        public Column with(int row, Object v) {
            if (!(v instanceof Long l)) {
                return new Objects(row, this).with(row, v);
            }
            if (row == values.length) {
                values = Arrays.copyOf(values, grown(row));
            }
            values[row] = l;
            return this;
        }
    }

    private static final class Objects implements Column {
        private Object[] values;

        Objects(int rows) {
            values = new Object[grown(rows)];
        }

        /** The first {@code rows} values of {@code from}. */
        Objects(int rows, Column from) {
            this(rows);
            for (int r = 0; r < rows; r++) {
                values[r] = from.get(r);
            }
        }

        private Objects(Object[] values) {
            this.values = values;
        }

        /** Two runs of values ({@code done}: false, then true) as a {@link TwoRuns}, else the values in an array of {@code rows}. */
        @Override
        public Column trimmed(int rows) {
            int second = 1;
            while (second < rows && sameValue(values[second], values[0])) {
                second++;
            }
            int end = second;
            while (end < rows && sameValue(values[end], values[second])) {
                end++;
            }
            return end == rows && second < rows ? new TwoRuns(values[0], second, values[second]) : new Objects(Arrays.copyOf(values, rows));
        }

        @Override
        public Object get(int row) {
            return values[row];
        }

        @Override
        public Column with(int row, Object v) {
            if (row == values.length) {
                values = Arrays.copyOf(values, grown(row));
            }
            values[row] = v;
            return this;
        }
    }
}
