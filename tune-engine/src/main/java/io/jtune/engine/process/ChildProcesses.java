package io.jtune.engine.process;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Ends the processes a process started that are still its descendants (children, their children):
 * what a trainable's tools and data loaders leave running. A process that detached itself (a double
 * fork, {@code setsid}, {@code nohup ... &} from a shell that then exits) is no longer a descendant
 * and is not found.
 */
final class ChildProcesses {
    /** How long the descendants get to end after SIGTERM before SIGKILL. */
    static final Duration GRACE = Duration.ofSeconds(2);
    private static final Path TASKS = Path.of("/proc/self/task");

    private ChildProcesses() {
    }

    /** Sends every descendant of this JVM SIGTERM, then SIGKILL to those still alive after {@link #GRACE}; returns once they are gone. */
    static void endOwn() {
        if (!mayHaveChildren()) {
            return;
        }
        List<ProcessHandle> tree = ProcessHandle.current().descendants().toList();
        if (tree.isEmpty()) {
            return;
        }
        tree.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + GRACE.toNanos();
        for (ProcessHandle p : tree) {
            try {
                p.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException | ExecutionException e) {
                p.destroyForcibly();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                kill(tree);
                return;
            }
        }
        kill(tree);
    }

    /**
     * False when this JVM surely has no child process: on Linux, no thread of it lists a child in
     * {@code /proc/self/task/<tid>/children} (a few small files, where finding descendants reads
     * every process's {@code stat}); true where that cannot be told.
     */
    private static boolean mayHaveChildren() {
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                try {
                    if (Files.readAllBytes(task.resolve("children")).length > 0) {
                        return true;
                    }
                } catch (NoSuchFileException e) {
                    // the thread ended meanwhile
                }
            }
            return false;
        } catch (IOException | UnsupportedOperationException e) {
            return true;
        }
    }

    /** SIGKILL to every process of {@code tree} still alive, at once. */
    static void kill(List<ProcessHandle> tree) {
        tree.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }
}
