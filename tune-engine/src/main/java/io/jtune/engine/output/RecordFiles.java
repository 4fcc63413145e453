package io.jtune.engine.output;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Files of records that each end with a line break: JSON lines, or CSV rows where a line break
 * inside double quotes belongs to the cell. Cuts such a file back to its first complete records.
 */
final class RecordFiles {
    private static final int BUFFER = 1 << 16;

    private RecordFiles() {
    }

    /**
     * Truncates the file after its first {@code keep} complete records, dropping a partly written
     * last record too, leaves the channel's position at the new end, and returns how many complete
     * records the file holds now (fewer than {@code keep} when it had fewer).
     *
     * @param quoted whether double quotes enclose line breaks that do not end a record (CSV)
     */
    static int cut(FileChannel channel, int keep, boolean quoted) throws IOException {
        int records = 0;
        long end = 0;
        boolean inQuotes = false;
        ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(BUFFER, Math.max(1, channel.size())));
        long offset = 0;
        scan:
        while (records < keep) {
            buffer.clear();
            int n = channel.read(buffer, offset);
            if (n <= 0) {
                break;
            }
            for (int i = 0; i < n; i++) {
                byte b = buffer.get(i);
                if (quoted && b == '"') {
                    inQuotes = !inQuotes;
                } else if (b == '\n' && !inQuotes) {
                    records++;
                    end = offset + i + 1;
                    if (records == keep) {
                        break scan;
                    }
                }
            }
            offset += n;
        }
        if (channel.size() > end) {
            channel.truncate(end);
        }
        channel.position(end);
        return records;
    }
}
