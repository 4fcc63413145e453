package io.jtune.engine.output;

import io.jtune.api.Config;
import io.jtune.api.Result;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One open, buffered output file of a trial that results are written to. Its owner calls
 * {@link #wrote(long)} after each write, which flushes at most once per interval (never an fsync);
 * {@link #close()} flushes what is left.
 */
abstract class TrialFile implements AutoCloseable {
    private final Path path;
    private final long flushIntervalNanos;
    private long lastFlush;
    /** How many results the file holds. */
    int results;

    TrialFile(Path path, long flushIntervalNanos, long nowNanos) {
        this.path = path;
        this.flushIntervalNanos = flushIntervalNanos;
        this.lastFlush = nowNanos;
    }

    /** Opens something in a trial's folder. */
    @FunctionalInterface
    interface Opener<T> {
        T open() throws IOException;
    }

    /**
     * Opens a file of a trial's folder. The runner creates the folder before a trial starts, so it is
     * not looked up first; only when it is missing (a logger used on its own) is it created and the
     * file opened again.
     */
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
     * cut back and writing to go on at its end; its size tells whether it holds output of an earlier run.
     */
    static FileChannel openToContinue(Path file) throws IOException {
        return openInTrialDir(file, () -> FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE));
    }

    /** Writes one result; {@code trialConfig} stands in for a result without a {@code config}. */
    abstract void write(Result result, Config trialConfig);

    /** Hands buffered output to the OS. */
    protected abstract void flushNow() throws IOException;

    /** Flushes and releases the file. */
    protected abstract void closeNow() throws IOException;

    /** Called after each write: flushes when the interval has passed since the last flush. */
    final void wrote(long nowNanos) {
        if (nowNanos - lastFlush >= flushIntervalNanos) {
            flush();
            lastFlush = nowNanos;
        }
    }

    /** Hands buffered output to the OS now. */
    final void flush() {
        try {
            flushNow();
        } catch (IOException e) {
            throw failure("flush", e);
        }
    }

    @Override
    public final void close() {
        try {
            closeNow();
        } catch (IOException e) {
            throw failure("close", e);
        }
    }

    /** An unchecked error naming the file and what failed. */
    final UncheckedIOException failure(String action, IOException e) {
        return new UncheckedIOException("cannot " + action + " " + path + ": " + e.getMessage(), e);
    }
}
