package io.jtune.engine.output;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One output file of a trial that results are written to: the driver encodes each record and adds
 * it to this file's pending bytes; the logger's {@link FileWriterThread} takes them and appends them
 * to the file. The driver hands the file over to the writer thread when the interval has passed
 * since the last hand-over, when {@value #HAND_OVER_BYTES} bytes are pending, and at
 * {@link #handOver()} (a flush) and {@link #close()} (the trial's end). No file handle is held
 * between writes. A file waits in the writer's queue at most once: a hand-over while it waits adds
 * nothing to the queue, and the write takes everything pending when its turn comes, so a writer
 * that lags behind opens each file fewer times. A new trial's file ({@link #startEmpty()}) is
 * created, or emptied, by the same opening that writes its first records: at its first hand-over,
 * flush or close, so a short trial's file is opened once. The pending bytes and those two marks
 * are the only state both threads touch, under this object's lock; the buffers come from the
 * writer's pool and go back to it once the closed file is written.
 */
class TrialFile implements FileWriterThread.FileWrite {
    /** Pending bytes that make the driver hand the file over before the interval has passed. */
    static final int HAND_OVER_BYTES = 64 * 1024;
    private static final OpenOption[] APPEND = {StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND};
    private static final OpenOption[] EMPTIED = {StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING};

    private final Path path;
    private final String trialId;
    private final long flushIntervalNanos;
    private final FileWriterThread writer;
    private long lastHandOver;
    /** Records added since the last hand-over (driver). */
    private int added;
    /** Records the writer thread has not taken yet; guarded by this. */
    private RecordBytes pending;
    /** The bytes the writer thread is writing; its own. */
    private RecordBytes writing;
    /** Whether the file waits in the writer's queue; guarded by this. */
    private boolean queued;
    /** Whether the next write empties the file before appending; guarded by this. */
    private boolean emptyFirst;
    /** Set by the driver when the file takes no more records: the writer then gives its buffers back for other files. */
    private volatile boolean closed;
    /** How many results the file holds. */
    int results;

    TrialFile(Path path, String trialId, long flushIntervalNanos, long nowNanos, FileWriterThread writer) {
        this.path = path;
        this.trialId = trialId;
        this.flushIntervalNanos = flushIntervalNanos;
        this.lastHandOver = nowNanos;
        this.writer = writer;
    }

    @Override
    public Path file() {
        return path;
    }

    /** The writer thread that writes this file, and every other write of its trial while it is open. */
    final FileWriterThread writer() {
        return writer;
    }

    @Override
    public String trialId() {
        return trialId;
    }

    /** Adds one encoded record; hands the file over when the interval has passed or enough is pending. */
    final void add(RecordBytes record, long nowNanos) {
        int size;
        synchronized (this) {
            if (pending == null) {
                pending = writer.buffer();
            }
            pending.append(record);
            size = pending.size();
        }
        added++;
        results++;
        if (nowNanos - lastHandOver >= flushIntervalNanos || size >= HAND_OVER_BYTES) {
            handOver();
            lastHandOver = nowNanos;
        }
    }

    /** Hands the records added since the last hand-over to the writer thread, and a file still to be emptied. */
    final void handOver() {
        if (added > 0 || toBeEmptied()) {
            added = 0;
            queue();
        }
    }

    /** Whether the file waits to be emptied and is not in the writer's queue yet. */
    private synchronized boolean toBeEmptied() {
        return emptyFirst && !queued;
    }

    /** Hands over what is left; the file takes no more records. */
    final void close() {
        closed = true;
        added = 0;
        queue();
    }

    /** Has the writer thread empty the file (creating it) with its first write, at the next hand-over, flush or close. */
    final synchronized void startEmpty() {
        emptyFirst = true;
    }

    /**
     * Puts the file in the writer's queue unless it waits there already (outside the lock: the queue
     * may make the driver wait); either way a failed write of the writer is thrown here.
     */
    private void queue() {
        writer.throwFailure();
        synchronized (this) {
            if (queued) {
                return;
            }
            queued = true;
        }
        writer.append(this);
    }

    /** On the writer thread: appends the pending records to the file (emptied first when asked), creating a missing trial folder. */
    @Override
    public final void write() throws IOException {
        boolean emptied;
        synchronized (this) {
            queued = false;
            emptied = emptyFirst;
            emptyFirst = false;
            RecordBytes taken = pending;
            pending = writing;
            writing = taken;
        }
        boolean records = writing != null && writing.size() > 0;
        if (records || emptied) {
            OpenOption[] options = emptied ? EMPTIED : APPEND;
            try (FileChannel channel = openInTrialDir(path, () -> FileChannel.open(path, options))) {
                if (records) {
                    writing.writeTo(channel);
                }
            }
            if (records) {
                writing.reset();
            }
        }
        if (closed) {
            synchronized (this) {
                if (pending == null || pending.size() == 0) {
                    writer.recycle(pending);
                    writer.recycle(writing);
                    pending = null;
                    writing = null;
                }
            }
        }
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
}
