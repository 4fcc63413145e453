package io.jtune.engine.checkpoint;

import io.jtune.engine.log.LazyLogger;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Deletes and copies checkpoint folders and writes experiment snapshots on one background thread, in
 * the order asked, so the driver never blocks on them and a copy asked for before a delete of the
 * same folder reads it intact.
 * {@link #close()} waits until everything asked is done.
 */
public final class CheckpointIo implements AutoCloseable {
    private static final LazyLogger LOG = new LazyLogger(CheckpointIo.class);

    private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "jtune-checkpoint-io");
        t.setDaemon(true);
        return t;
    });

    /**
     * Deletes the folder in the background; a failure is logged. The folder is first renamed to
     * {@code .deleting_<name>}, so a process killed mid-delete leaves no half-deleted checkpoint
     * under a checkpoint's name.
     */
    public void delete(Path folder) {
        thread.execute(() -> {
            try {
                CheckpointFolders.deleteRecursively(CheckpointFolders.setAside(folder));
            } catch (IOException e) {
                LOG.get().warn("could not delete checkpoint folder {}", folder, e);
            }
        });
    }

    /** Copies {@code source} to {@code target} (replacing it) in the background. */
    public CompletableFuture<Void> copy(Path source, Path target) {
        return CompletableFuture.runAsync(() -> {
            try {
                CheckpointFolders.copy(source, target);
            } catch (IOException e) {
                throw CheckpointFolders.unchecked("could not copy checkpoint " + source + " to " + target, e);
            }
        }, thread);
    }

    /**
     * Replaces {@code file} with {@code content} in the background, as {@link #writeAtomicallyNow}
     * does; the future fails with the {@link java.io.UncheckedIOException} of a failed write.
     */
    public CompletableFuture<Void> writeAtomically(Path file, PiecedBytes content) {
        return CompletableFuture.runAsync(() -> {
            try {
                writeAtomicallyNow(file, content);
            } catch (IOException e) {
                throw CheckpointFolders.unchecked("could not write " + file, e);
            }
        }, thread);
    }

    /**
     * Replaces {@code file} with {@code content} on the calling thread, atomically: a temporary file
     * in the same folder is written and forced to disk, then renamed over it. Readers see the old or
     * the new content, never a mix.
     */
    public static void writeAtomicallyNow(Path file, PiecedBytes content) throws IOException {
        Path temp = file.resolveSibling("." + file.getFileName() + ".tmp");
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer[] buffers = content.buffers();
            long left = content.size();
            while (left > 0) {
                left -= channel.write(buffers);
            }
            channel.force(true);
        }
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** Waits (at most {@code timeout}) until what was asked so far is done; returns at once when closed. */
    public void awaitDone(Duration timeout) {
        try {
            CompletableFuture.runAsync(() -> { }, thread).get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException | ExecutionException | TimeoutException e) {
            LOG.get().debug("checkpoint I/O not awaited: {}", e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        thread.shutdown();
        try {
            thread.awaitTermination(Long.MAX_VALUE, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
