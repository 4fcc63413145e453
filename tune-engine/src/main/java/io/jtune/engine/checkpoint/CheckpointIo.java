package io.jtune.engine.checkpoint;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes and copies checkpoint folders on one background thread, in the order asked, so the driver
 * never blocks on them and a copy asked for before a delete of the same folder reads it intact.
 * {@link #close()} waits until everything asked is done.
 */
public final class CheckpointIo implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CheckpointIo.class);

    private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "jtune-checkpoint-io");
        t.setDaemon(true);
        return t;
    });

    /** Deletes the folder in the background; a failure is logged. */
    public void delete(Path folder) {
        thread.execute(() -> {
            try {
                CheckpointFolders.deleteRecursively(folder);
            } catch (IOException e) {
                LOG.warn("could not delete checkpoint folder {}", folder, e);
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
