package io.jtune.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
    void aGivenWorkFolderIsKept(@TempDir Path dir) throws Exception {
        Path work = dir.resolve("work");
        Worker.Options options = Worker.Options.parse(new String[] {"--join", "127.0.0.1:25520", "--insecure", "--work-dir", work.toString()});
        assertEquals(work.toAbsolutePath().normalize(), options.withWorkDir().workDir());
    }
}
