package io.jtune.cluster;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorSystem;

/**
 * How a worker program ends. A normal return ({@link #close()}) deletes the temporary work folder
 * then and there and withdraws the JVM shutdown hook, so nothing of the worker runs after it
 * returned (inside {@code mvn tune:worker} the plugin's class loader is closed by then). The hook
 * stays for an abnormal exit only (Ctrl-C, SIGTERM): it ends the worker's current actor system
 * (leaving the cluster) and deletes the folder, with code that needs no class it did not load at
 * start.
 */
final class WorkerShutdown implements AutoCloseable {
    private static final Duration SYSTEM_END_WAIT = Duration.ofSeconds(10);

    /** The work folder this worker made (deleted at its end), or null when the user gave one. */
    private final Path madeWorkDir;
    private final Thread hook;
    private volatile ActorSystem<?> current;

    WorkerShutdown(Path madeWorkDir) {
        this.madeWorkDir = madeWorkDir;
        this.hook = new Thread(this::atJvmExit, "jtune-worker-cleanup");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** The actor system the worker runs now; the hook ends it on an abnormal exit. */
    void running(ActorSystem<?> system) {
        current = system;
    }

    /** The hook, for tests: registered until {@link #close()}. */
    Thread hook() {
        return hook;
    }

    /** The normal end: the folder goes now, the hook is withdrawn. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException jvmShuttingDown) {
            return; // the hook runs (or ran) and cleans up
        }
        deleteWorkDir();
    }

    private void atJvmExit() {
        ActorSystem<?> system = current;
        if (system != null) {
            system.terminate();
            try {
                system.getWhenTerminated().toCompletableFuture().get(SYSTEM_END_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                System.err.println("jtune worker: its actor system did not end within " + SYSTEM_END_WAIT.toSeconds() + " s: " + e);
            }
        }
        deleteWorkDir();
    }

    private void deleteWorkDir() {
        if (madeWorkDir == null) {
            return;
        }
        try {
            delete(madeWorkDir);
        } catch (IOException e) {
            System.err.println("jtune worker: could not delete its work folder " + madeWorkDir + ": " + e.getMessage());
        }
    }

    /** Deletes {@code path} and, for a folder (not a link to one), what it holds. */
    private static void delete(Path path) throws IOException {
        if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(path)) {
                for (Path entry : entries) {
                    delete(entry);
                }
            }
        }
        Files.deleteIfExists(path);
    }
}
