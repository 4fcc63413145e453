package io.jtune.engine.output;

import java.util.function.BiConsumer;

/**
 * The encoded bytes of the strings a logger writes in record after record (the keys of results, the
 * columns of headers), remembered by identity in a small direct-mapped table, so each is encoded
 * once instead of character by character in every record. A string not in the table is encoded by
 * the given encoder and takes its slot; strings longer than {@value #LONGEST} characters are encoded
 * each time and not kept. The driver's only (one call at a time, under the runner's lock).
 */
final class EncodedStrings {
    /** The longest string kept. */
    static final int LONGEST = 64;
    private static final int SLOTS = 256;

    private final String[] strings = new String[SLOTS];
    private final byte[][] encoded = new byte[SLOTS][];
    private final RecordBytes scratch = new RecordBytes(2 * LONGEST);
    private final BiConsumer<RecordBytes, String> encoder;

    /** {@code encoder} appends a string's encoding to a buffer. */
    EncodedStrings(BiConsumer<RecordBytes, String> encoder) {
        this.encoder = encoder;
    }

    /** Appends the encoding of {@code s} to {@code out}. */
    void append(RecordBytes out, String s) {
        if (s.length() > LONGEST) {
            encoder.accept(out, s);
            return;
        }
        int slot = System.identityHashCode(s) & (SLOTS - 1);
        if (strings[slot] != s) {
            scratch.reset();
            encoder.accept(scratch, s);
            encoded[slot] = scratch.toByteArray();
            strings[slot] = s;
        }
        out.append(encoded[slot]);
    }
}
