package io.jtune.engine.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** kill -9 of a driver leaves no worker JVM behind. */
class WorkersDieWithTheirDriverTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @TempDir
    Path storage;

    @Test
    void noWorkerOutlivesAKilledDriver() throws Exception {
        Process driver = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), KilledDriver.class.getName(), storage.toString())
                .redirectErrorStream(true)
                .redirectOutput(storage.resolve("driver.log").toFile())
                .start();
        try {
            List<ProcessHandle> workers = await(() -> {
                List<ProcessHandle> children = driver.children().toList();
                return children.size() == 2 && resultsWritten() ? children : null;
            });
            driver.destroyForcibly();
            assertTrue(driver.waitFor(30, TimeUnit.SECONDS));
            assertEquals(137, driver.exitValue(), "the driver died of SIGKILL");
            List<ProcessHandle> survivors = await(() -> {
                List<ProcessHandle> alive = workers.stream().filter(ProcessHandle::isAlive).toList();
                return alive.isEmpty() ? alive : null;
            });
            assertEquals(List.of(), survivors);
        } finally {
            driver.destroyForcibly();
        }
    }

    /**
     * Both trials have reported (their workers run user code). Lists folders without reading the
     * attributes of their files: the driver renames its state file while this polls.
     */
    private boolean resultsWritten() throws IOException {
        long written = 0;
        try (var experiments = Files.list(storage)) {
            for (Path experiment : experiments.filter(Files::isDirectory).toList()) {
                try (var trials = Files.list(experiment)) {
                    written += trials.filter(t -> Files.isRegularFile(t.resolve("result.json"))).count();
                }
            }
        }
        return written == 2;
    }

    private static <T> T await(ThrowingSupplier<T> condition) throws Exception {
        long end = System.nanoTime() + DEADLINE.toNanos();
        while (System.nanoTime() < end) {
            T value = condition.get();
            if (value != null) {
                return value;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("condition not met within " + DEADLINE);
    }

    @FunctionalInterface
    private interface ThrowingSupplier<T> {
        T get() throws Exception;
    }
}
