package io.jtune.engine.output;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Files of records that each end with a line break: JSON lines, or CSV rows where a line break
 * inside double quotes belongs to the cell. Cuts such a file back to its first complete records.
 */
final class RecordFiles {
    private static final int BUFFER = 1 << 16;

    private RecordFiles() {
    }

    /**
     * Truncates {@code file} after its first {@code keep} complete records, dropping a partly
     * written last record too, and returns how many complete records it holds now (fewer than
     * {@code keep} when it had fewer). A missing file holds none.
     *
     * @param quoted whether double quotes enclose line breaks that do not end a record (CSV)
     */
    static int cut(Path file, int keep, boolean quoted) throws IOException {
        FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (NoSuchFileException e) {
            return 0;
        }
        try (channel) {
            int records = 0;
            long end = 0;
            long offset = 0;
            boolean inQuotes = false;
            InputStream in = keep == 0 ? InputStream.nullInputStream() : Channels.newInputStream(channel);
            byte[] buffer = new byte[BUFFER];
            scan:
            for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
                for (int i = 0; i < n; i++) {
                    byte b = buffer[i];
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
            return records;
        }
    }
}
