package io.jtune.engine.output;

import com.fasterxml.jackson.core.io.NumberOutput;

/**
 * The shortest decimal text of a double that reads back as the same value (Jackson's writer, the
 * algorithm of Java 19's {@code Double.toString}), remembered for the last values each thread wrote
 * in a small table indexed by the value's bits: the driver writes each number of a result twice
 * (result.json, progress.csv) and many values repeat from result to result.
 */
final class DoubleText {
    private static final int SLOT_BITS = 6;
    private static final ThreadLocal<DoubleText> TABLE = ThreadLocal.withInitial(DoubleText::new);

    private final long[] bits = new long[1 << SLOT_BITS];
    private final String[] texts = new String[1 << SLOT_BITS];

    private DoubleText() {
    }

    static String of(double value) {
        DoubleText table = TABLE.get();
        long b = Double.doubleToRawLongBits(value);
        int slot = (int) ((b * 0x9E3779B97F4A7C15L) >>> (Long.SIZE - SLOT_BITS));
        String text = table.texts[slot];
        if (text == null || table.bits[slot] != b) {
            text = NumberOutput.toString(value, true);
            table.bits[slot] = b;
            table.texts[slot] = text;
        }
        return text;
    }
}
