package io.jtune.engine.output;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Writes a logger's files on a thread of its own, in the order asked, so the driver only encodes
 * records: each write opens the file (creating a missing trial folder), writes and closes it, so no
 * file stays open between writes however many trials run. The first failure is kept and thrown,
 * naming the file, by the driver's next call. Started on first use; {@link #close()} waits for
 * the writes asked so far and ends the thread.
 */
final class FileWriterThread implements AutoCloseable {
    private static final OpenOption[] APPEND = {StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND};
    private static final OpenOption[] REPLACE = {StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING};

    private final String name;
    private ExecutorService thread;
    private volatile UncheckedIOException failure;

    /** {@code name} names the thread. */
    FileWriterThread(String name) {
        this.name = name;
    }

    /** Appends {@code bytes} to {@code file}, created if missing. */
    void append(Path file, byte[] bytes) {
        submit(file, bytes, APPEND);
    }

    /** Makes {@code file} hold exactly {@code bytes}. */
    void replace(Path file, byte[] bytes) {
        submit(file, bytes, REPLACE);
    }

    private void submit(Path file, byte[] bytes, OpenOption[] options) {
        throwFailure();
        if (thread == null) {
            thread = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, name);
                t.setDaemon(true);
                return t;
            });
        }
        thread.execute(() -> {
            if (failure == null) {
                try {
                    write(file, bytes, options);
                } catch (IOException e) {
                    failure = new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
                }
            }
        });
    }

    private static void write(Path file, byte[] bytes, OpenOption[] options) throws IOException {
        try (FileChannel channel = TrialFile.openInTrialDir(file, () -> FileChannel.open(file, options))) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        }
    }

    /** Waits until every write asked so far is done; throws the first that failed. */
    void drain() {
        if (thread != null) {
            Future<?> done = thread.submit(() -> { });
            try {
                done.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the result files to be written", e);
            } catch (ExecutionException e) {
                throw new IllegalStateException("the file writer failed", e.getCause());
            }
        }
        throwFailure();
    }

    private void throwFailure() {
        UncheckedIOException e = failure;
        if (e != null) {
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            drain();
        } finally {
            if (thread != null) {
                thread.shutdown();
                thread = null;
            }
        }
    }
}
