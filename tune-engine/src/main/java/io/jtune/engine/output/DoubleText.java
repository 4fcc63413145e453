package io.jtune.engine.output;

import com.fasterxml.jackson.core.io.NumberOutput;

/**
 * The shortest decimal text of a double that reads back as the same value (Jackson's writer, the
 * algorithm of Java 19's {@code Double.toString}), remembered for the last values written in a
 * small table indexed by the value's bits: the driver writes each number of a result twice
 * (result.json, progress.csv) and many values repeat from result to result. Each slot holds an
 * immutable pair of bits and text, so threads may share the table without a lock: a slot read
 * while another thread replaces it gives one whole pair or the other.
 */
final class DoubleText {
    private static final int SLOT_BITS = 6;
    private static final Entry[] TABLE = new Entry[1 << SLOT_BITS];

    /** A value's bits and its text. */
    private record Entry(long bits, String text) {
    }

    private DoubleText() {
    }

    static String of(double value) {
        long b = Double.doubleToRawLongBits(value);
        int slot = (int) ((b * 0x9E3779B97F4A7C15L) >>> (Long.SIZE - SLOT_BITS));
        Entry entry = TABLE[slot];
        if (entry == null || entry.bits != b) {
            entry = new Entry(b, NumberOutput.toString(value, true));
            TABLE[slot] = entry;
        }
        return entry.text;
    }
}
