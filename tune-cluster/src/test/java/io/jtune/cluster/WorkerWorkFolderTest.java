package io.jtune.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A worker started without {@code --work-dir} leaves nothing in the temporary folder when it exits. */
class WorkerWorkFolderTest {
    @Test
    void theWorkFolderAWorkerMadeItselfIsDeletedWhenItExits(@TempDir Path tmp) throws Exception {
        int port = WorkerProcesses.freePort();
        try (WorkerProcesses workers = new WorkerProcesses()) {
            WorkerProcesses.WorkerProcess worker = workers.startMain("own-work-folder", null, List.of("-Djava.io.tmpdir=" + tmp), Worker.class,
                    "--join", "127.0.0.1:" + port, "--insecure", "--join-timeout", "2");
            assertEquals(Worker.EXIT_NO_JOIN, worker.awaitExit(Duration.ofSeconds(60)), worker.output());
        }
        try (Stream<Path> left = Files.list(tmp)) {
            assertEquals(List.of(), left.map(p -> p.getFileName().toString()).toList(), "what the worker left in its java.io.tmpdir");
        }
    }

    @Test
    void aWorkerServedInThisJvmDeletesItsFolderAndWithdrawsItsHookBeforeItReturns() throws Exception {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        List<Path> before = workFolders(tmp);
        int exit = Worker.serve(new String[] {"--join", "127.0.0.1:" + WorkerProcesses.freePort(), "--insecure", "--join-timeout", "1"});
        assertEquals(Worker.EXIT_NO_JOIN, exit);
        List<Path> left = new ArrayList<>(workFolders(tmp));
        left.removeAll(before);
        assertEquals(List.of(), left, "work folders the returned worker left for a shutdown hook to delete");
    }

    @Test
    void theNormalEndDeletesTheFolderAtOnceAndLeavesNoHookBehind(@TempDir Path dir) throws Exception {
        Path made = Files.createDirectories(dir.resolve("made").resolve("checkpoint_000001"));
        Files.writeString(made.resolve("model.bin"), "weights");
        WorkerShutdown shutdown = new WorkerShutdown(dir.resolve("made"));
        shutdown.close();
        assertFalse(Files.exists(dir.resolve("made")));
        assertFalse(Runtime.getRuntime().removeShutdownHook(shutdown.hook()), "the hook was withdrawn already");

        Path given = Files.createDirectories(dir.resolve("given"));
        new WorkerShutdown(null).close();
        assertTrue(Files.isDirectory(given));
    }

    private static List<Path> workFolders(Path tmp) throws IOException {
        try (Stream<Path> entries = Files.list(tmp)) {
            return entries.filter(p -> p.getFileName().toString().startsWith("jtune-worker")).toList();
        }
    }

    @Test
    void aGivenWorkFolderIsKept(@TempDir Path dir) throws Exception {
        Path work = dir.resolve("work");
        Worker.Options options = Worker.Options.parse(new String[] {"--join", "127.0.0.1:25520", "--insecure", "--work-dir", work.toString()});
        assertEquals(work.toAbsolutePath().normalize(), options.withWorkDir().workDir());
    }
}
