package io.jtune.report;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;
import org.tensorflow.util.Event;

/**
 * Appends TensorFlow records to a TensorBoard event file: each record is its length (uint64,
 * little-endian), the masked CRC-32C of those 8 bytes, the serialized {@link Event}, and the
 * masked CRC-32C of the event. Buffered; the caller flushes.
 */
final class EventFileWriter implements Closeable {
    private static final int MASK_DELTA = 0xa282ead8;
    private final OutputStream out;
    private final CRC32C crc = new CRC32C();
    private final ByteBuffer header = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
    private final ByteBuffer footer = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);

    /** Creates {@code file} (which must not exist) and writes the file-version event TensorBoard expects first. */
    EventFileWriter(Path file, double wallTime) throws IOException {
        out = new BufferedOutputStream(Files.newOutputStream(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), 1 << 16);
        write(Event.newBuilder().setWallTime(wallTime).setFileVersion("brain.Event:2").build());
    }

    void write(Event event) throws IOException {
        byte[] data = event.toByteArray();
        header.clear();
        header.putLong(data.length);
        header.putInt(maskedCrc(header.array(), 0, 8));
        out.write(header.array(), 0, 12);
        out.write(data);
        footer.clear();
        footer.putInt(maskedCrc(data, 0, data.length));
        out.write(footer.array(), 0, 4);
    }

    private int maskedCrc(byte[] bytes, int offset, int length) {
        crc.reset();
        crc.update(bytes, offset, length);
        int value = (int) crc.getValue();
        return ((value >>> 15) | (value << 17)) + MASK_DELTA;
    }

    void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
