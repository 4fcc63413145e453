package io.jtune.report;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.tensorflow.util.Event;

/**
 * Reads a TensorBoard event file independently of the writer: TFRecord framing (uint64 length,
 * masked CRC-32C of it, data, masked CRC-32C of the data) with a bitwise CRC-32C of its own, then
 * decodes each record as an {@link Event}. Any framing or checksum error is an exception naming
 * the record.
 */
final class TfRecordReader {
    private TfRecordReader() {
    }

    static List<Event> read(Path file) throws IOException {
        ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        List<Event> events = new ArrayList<>();
        while (in.hasRemaining()) {
            int record = events.size();
            if (in.remaining() < 12) {
                throw new IOException(file + ": record " + record + " has a truncated header");
            }
            byte[] length = new byte[8];
            in.get(length);
            long size = ByteBuffer.wrap(length).order(ByteOrder.LITTLE_ENDIAN).getLong();
            int lengthCrc = in.getInt();
            if (lengthCrc != masked(crc32c(length))) {
                throw new IOException(file + ": record " + record + " has a bad length checksum");
            }
            if (size < 0 || size > in.remaining() - 4) {
                throw new IOException(file + ": record " + record + " claims " + size + " bytes, " + in.remaining() + " remain");
            }
            byte[] data = new byte[(int) size];
            in.get(data);
            if (in.getInt() != masked(crc32c(data))) {
                throw new IOException(file + ": record " + record + " has a bad data checksum");
            }
            events.add(Event.parseFrom(data));
        }
        return events;
    }

    /** CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), bit by bit. */
    static int crc32c(byte[] bytes) {
        int crc = ~0;
        for (byte b : bytes) {
            crc ^= b & 0xff;
            for (int k = 0; k < 8; k++) {
                crc = (crc >>> 1) ^ (0x82F63B78 & -(crc & 1));
            }
        }
        return ~crc;
    }

    /** TFRecord's mask: rotate right by 15 bits and add 0xa282ead8. */
    static int masked(int crc) {
        return Integer.rotateRight(crc, 15) + 0xa282ead8;
    }

    /** The event files directly in {@code dir}. */
    static List<Path> eventFiles(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().startsWith(TensorBoardWriter.FILE_PREFIX)).sorted().toList();
        }
    }

    static byte[] flipByte(byte[] bytes, int index) {
        byte[] copy = Arrays.copyOf(bytes, bytes.length);
        copy[index] ^= 0x40;
        return copy;
    }
}
