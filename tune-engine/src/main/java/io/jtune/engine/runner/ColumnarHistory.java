package io.jtune.engine.runner;

import io.jtune.api.Result;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A history kept in memory column by column, for experiments that write no result files: a value
 * that repeats (the trial id, the config, a metric that does not change) is kept once, whole-number
 * counters that go up by one as a start and a length, other numbers as primitive arrays. Results
 * with the keys in the same order share one key list; a result with other keys starts a new block.
 * Reading builds equal {@link Result}s again.
 */
final class ColumnarHistory implements ResultHistory {
    private final KeyLists keyLists;
    private final List<Block> blocks = new ArrayList<>(1);
    private int size;

    ColumnarHistory(KeyLists keyLists) {
        this.keyLists = keyLists;
    }

    @Override
    public void add(Result result) {
        Map<String, Object> values = result.asMap();
        Block last = blocks.isEmpty() ? null : blocks.get(blocks.size() - 1);
        if (last == null || !last.hasKeys(values)) {
            last = new Block(keyLists.of(values));
            blocks.add(last);
        }
        last.add(values, keyLists);
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

    @Override
    public void keep(int newSize) {
        int remaining = newSize;
        for (int i = 0; i < blocks.size(); i++) {
            Block b = blocks.get(i);
            if (remaining < b.rows) {
                b.rows = remaining;
            }
            remaining -= b.rows;
        }
        blocks.removeIf(b -> b.rows == 0);
        size = Math.min(size, newSize);
    }

    @Override
    public void reset(List<Result> results) {
        blocks.clear();
        size = 0;
        results.forEach(this::add);
    }

    /**
     * Interns the key lists of results, so the trials of an experiment share them, and the columns
     * that hold one value or a counter under the latest key list (a host name, a constant metric,
     * the iteration counting from 1), so trials with equal ones share one.
     */
    static final class KeyLists {
        private String[] last = new String[0];
        private Column[] constants = new Column[0];
        private Column[] counters = new Column[0];

        String[] of(Map<String, Object> values) {
            if (sameKeys(last, values)) {
                return last;
            }
            last = values.keySet().toArray(new String[0]);
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
            if (column.equals(seen[index])) {
                return seen[index];
            }
            seen[index] = column;
            return column;
        }
    }

    private static boolean sameKeys(String[] keys, Map<String, Object> values) {
        if (keys.length != values.size()) {
            return false;
        }
        Iterator<String> it = values.keySet().iterator();
        for (String k : keys) {
            if (!k.equals(it.next())) {
                return false;
            }
        }
        return true;
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

        boolean hasKeys(Map<String, Object> values) {
            return sameKeys(keys, values);
        }

        /** Adds a row; while it has at most two, its one-value and counter columns are shared through {@code keyLists}. */
        void add(Map<String, Object> values, KeyLists keyLists) {
            int c = 0;
            for (Object v : values.values()) {
                Column column = rows == 0 ? new Constant(v) : columns[c].with(rows, v);
                columns[c] = rows <= 1 ? keyLists.shared(keys, c, column) : column;
                c++;
            }
            rows++;
        }

        void readInto(List<Result> results) {
            for (int r = 0; r < rows; r++) {
                LinkedHashMap<String, Object> values = new LinkedHashMap<>(keys.length * 4 / 3 + 1);
                for (int c = 0; c < keys.length; c++) {
                    values.put(keys[c], columns[c].get(r));
                }
                results.add(Result.wrap(values));
            }
        }
    }

    /** The values of one key in a block; {@link #with} returns the column holding one more value at {@code row}. */
    private interface Column {
        Object get(int row);

        Column with(int row, Object value);
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
            if (v == value || v != null && isValue(v) && v.equals(value)) {
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
