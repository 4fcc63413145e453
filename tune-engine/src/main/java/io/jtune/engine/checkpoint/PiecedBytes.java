package io.jtune.engine.checkpoint;

import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Bytes written into pieces that are kept as they are (the first 4 KB, each next as large as all
 * before it, up to 256 KB: below the size G1 allocates apart, half a region of a small heap), so a
 * large document, an experiment's snapshot, is held once while it is made and written out: never
 * copied into one array, as a {@link java.io.ByteArrayOutputStream}'s {@code toByteArray()} does.
 * Not thread-safe; hand it on only once it is complete.
 */
public final class PiecedBytes extends OutputStream {
    private static final int FIRST_PIECE = 4 << 10;
    private static final int LARGEST_PIECE = 256 << 10;

    private final List<byte[]> pieces = new ArrayList<>();
    private byte[] current;
    private int used;
    private long size;

    @Override
    public void write(int b) {
        room();
        current[used++] = (byte) b;
        size++;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        while (length > 0) {
            room();
            int n = Math.min(length, current.length - used);
            System.arraycopy(bytes, offset, current, used, n);
            used += n;
            offset += n;
            length -= n;
            size += n;
        }
    }

    private void room() {
        if (current == null || used == current.length) {
            current = new byte[(int) Math.min(LARGEST_PIECE, Math.max(FIRST_PIECE, size))];
            pieces.add(current);
            used = 0;
        }
    }

    /** How many bytes were written. */
    public long size() {
        return size;
    }

    /** The bytes in order, one buffer a piece (the pieces wrapped, not copied). */
    ByteBuffer[] buffers() {
        ByteBuffer[] buffers = new ByteBuffer[pieces.size()];
        for (int i = 0; i < buffers.length; i++) {
            byte[] piece = pieces.get(i);
            buffers[i] = ByteBuffer.wrap(piece, 0, i == buffers.length - 1 ? used : piece.length);
        }
        return buffers;
    }
}
