package io.jtune.engine.process;

import io.jtune.api.spi.Stopper;
import io.jtune.engine.stop.Stoppers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Steps counted across processes: a step creates an empty file in a shared folder before it
 * reports, so the driver sees how far a worker got without asking it.
 */
public final class StepFiles {
    private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(30);

    private StepFiles() {
    }

    /** Notes that this process took step {@code step}. */
    static void mark(Path dir, long step) {
        try {
            Files.createFile(dir.resolve(ProcessHandle.current().pid() + "-" + step));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** How many steps were noted in {@code dir}. */
    static long count(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Polls until at least {@code n} steps are noted, at most 30 s; the count then. */
    static long awaitAtLeast(Path dir, long n) {
        long deadline = System.nanoTime() + WAIT_NANOS;
        long count = count(dir);
        while (count < n && System.nanoTime() < deadline) {
            Thread.onSpinWait();
            count = count(dir);
        }
        return count;
    }

    /**
     * A stopper that never stops but adds to {@code stepsTaken}, on the driver, how many steps were
     * taken when each result is decided on (stoppers are asked before the trial is told to go on);
     * at the first result it first waits for {@code waitFor} steps.
     */
    static Stopper noting(Path dir, long waitFor, List<Long> stepsTaken) {
        return Stoppers.function((trialId, result) -> {
            stepsTaken.add(result.trainingIteration() == 1 ? awaitAtLeast(dir, waitFor) : count(dir));
            return false;
        });
    }
}
