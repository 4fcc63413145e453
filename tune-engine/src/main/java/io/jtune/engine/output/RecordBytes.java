package io.jtune.engine.output;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Arrays;

/**
 * A growable byte array that records are encoded into as UTF-8, reused from record to record so
 * encoding allocates nothing once it has grown to the largest record. Not thread-safe.
 */
final class RecordBytes {
    private byte[] bytes;
    private int size;

    RecordBytes(int initialCapacity) {
        bytes = new byte[initialCapacity];
    }

    int size() {
        return size;
    }

    int capacity() {
        return bytes.length;
    }

    /** Empties it, keeping its capacity. */
    void reset() {
        size = 0;
    }

    /** A copy of the bytes held. */
    byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }

    /** Writes the bytes held to {@code channel} at its position. */
    void writeTo(FileChannel channel) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes, 0, size);
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }

    void append(RecordBytes other) {
        ensure(other.size);
        System.arraycopy(other.bytes, 0, bytes, size, other.size);
        size += other.size;
    }

    void append(byte[] other) {
        ensure(other.length);
        System.arraycopy(other, 0, bytes, size, other.length);
        size += other.length;
    }

    /** Appends one byte (an ASCII character). */
    void append(int b) {
        ensure(1);
        bytes[size++] = (byte) b;
    }

    /** Appends {@code value} in decimal. */
    void appendLong(long value) {
        if (value == Long.MIN_VALUE) {
            appendUtf8("-9223372036854775808");
            return;
        }
        ensure(20);
        long v = value;
        if (v < 0) {
            bytes[size++] = '-';
            v = -v;
        }
        int digits = 1;
        for (long p = 10; p <= v && digits < 19; p *= 10) {
            digits++;
        }
        int end = size + digits;
        for (int i = end - 1; i >= size; i--) {
            bytes[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        size = end;
    }

    /** Appends {@code text} as UTF-8; a lone surrogate becomes {@code ?}, as Java's encoders write it. */
    void appendUtf8(CharSequence text) {
        int n = text.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes[size++] = (byte) c;
            } else {
                i = appendNonAscii(text, i);
                ensure(n - i);
            }
        }
    }

    /**
     * Appends the non-ASCII character at {@code i} of {@code text} (a surrogate pair as one code
     * point) and returns the index of its last char.
     */
    int appendNonAscii(CharSequence text, int i) {
        char c = text.charAt(i);
        ensure(4);
        if (c < 0x800) {
            bytes[size++] = (byte) (0xC0 | c >> 6);
            bytes[size++] = (byte) (0x80 | c & 0x3F);
            return i;
        }
        if (!Character.isSurrogate(c)) {
            bytes[size++] = (byte) (0xE0 | c >> 12);
            bytes[size++] = (byte) (0x80 | c >> 6 & 0x3F);
            bytes[size++] = (byte) (0x80 | c & 0x3F);
            return i;
        }
        if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
            int cp = Character.toCodePoint(c, text.charAt(i + 1));
            bytes[size++] = (byte) (0xF0 | cp >> 18);
            bytes[size++] = (byte) (0x80 | cp >> 12 & 0x3F);
            bytes[size++] = (byte) (0x80 | cp >> 6 & 0x3F);
            bytes[size++] = (byte) (0x80 | cp & 0x3F);
            return i + 1;
        }
        bytes[size++] = '?';
        return i;
    }

    private void ensure(int more) {
        if (size + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }
}
