package io.jtune.engine.output;

import io.jtune.api.Config;
import io.jtune.api.Result;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One output file of a trial that results are written to, as records encoded on the driver into a
 * buffer of this file and handed to the logger's {@link FileWriterThread}: after a write when the
 * interval has passed since the last hand-over ({@link #wrote(long)}), and at {@link #flush()} and
 * {@link #close()}. No file handle is held.
 */
abstract class TrialFile {
    private final Path path;
    private final long flushIntervalNanos;
    private final FileWriterThread writer;
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(512);
    private long lastFlush;
    /** How many results the file holds. */
    int results;

    TrialFile(Path path, long flushIntervalNanos, long nowNanos, FileWriterThread writer) {
        this.path = path;
        this.flushIntervalNanos = flushIntervalNanos;
        this.lastFlush = nowNanos;
        this.writer = writer;
    }

    /** Opens something in a trial's folder, creating the folder when it is missing. */
    @FunctionalInterface
    interface Opener<T> {
        T open() throws IOException;
    }

    /** Opens a file of a trial's folder; only when the folder is missing is it created and the file opened again. */
    static <T> T openInTrialDir(Path file, Opener<T> opener) throws IOException {
        try {
            return opener.open();
        } catch (NoSuchFileException missingFolder) {
            Files.createDirectories(file.getParent());
            return opener.open();
        }
    }

    /**
     * {@code file} opened for reading and writing (created if new), for {@link RecordFiles#cut} to
     * cut back; its size tells whether it holds output of an earlier run.
     */
    static FileChannel openToContinue(Path file) throws IOException {
        return openInTrialDir(file, () -> FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE));
    }

    /** Where subclasses encode records; {@link #encoded()} pushes what they buffer themselves into it. */
    final OutputStream sink() {
        return buffer;
    }

    /** Writes one result; {@code trialConfig} stands in for a result without a {@code config}. */
    abstract void write(Result result, Config trialConfig);

    /** Pushes what the encoder buffers into {@link #sink()}. */
    protected abstract void encoded() throws IOException;

    /** Called after each write: hands the records over when the interval has passed since the last hand-over. */
    final void wrote(long nowNanos) {
        if (nowNanos - lastFlush >= flushIntervalNanos) {
            flush();
            lastFlush = nowNanos;
        }
    }

    /** Hands the records written so far to the writer thread. */
    final void flush() {
        try {
            encoded();
        } catch (IOException e) {
            throw failure("encode records for", e);
        }
        if (buffer.size() > 0) {
            writer.append(path, buffer.toByteArray());
            buffer.reset();
        }
    }

    /** Hands over what is left; the file takes no more records. */
    final void close() {
        flush();
    }

    /** An unchecked error naming the file and what failed. */
    final UncheckedIOException failure(String action, IOException e) {
        return new UncheckedIOException("cannot " + action + " " + path + ": " + e.getMessage(), e);
    }
}
