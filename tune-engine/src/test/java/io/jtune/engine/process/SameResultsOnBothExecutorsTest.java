package io.jtune.engine.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Result;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.exec.ExecutorFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The same seeded ASHA experiment gives the same trials, results and checkpoints on threads and in worker processes. */
class SameResultsOnBothExecutorsTest {
    @TempDir
    Path storage;

    /** What must not depend on where trials run: config, status, each result's metrics and the checkpoint folders. */
    record Fingerprint(String config, String status, List<String> results, List<String> checkpoints) {
    }

    @Test
    void seededAshaGivesTheSameTrialsAndResults() throws IOException {
        List<Fingerprint> threads = fingerprint(Tuner.of(AshaDescent.class).executor(ExecutorFactory.threads())
                .storagePath(storage.resolve("threads")).name("asha").progress(false).fit());
        List<Fingerprint> processes = fingerprint(Tuner.of(AshaDescent.class).executor(ProcessExecutorFaultsTest.FAST_START.executor())
                .storagePath(storage.resolve("processes")).name("asha").progress(false).fit());

        assertEquals(8, threads.size());
        assertTrue(threads.stream().anyMatch(f -> f.results().size() < 9), "ASHA stopped some trials early: " + threads);
        assertTrue(threads.stream().anyMatch(f -> !f.checkpoints().isEmpty()), "trials saved checkpoints: " + threads);
        assertEquals(threads, processes);
    }

    private static List<Fingerprint> fingerprint(ResultGrid grid) throws IOException {
        return grid.trials().stream().map(SameResultsOnBothExecutorsTest::fingerprint).toList();
    }

    private static Fingerprint fingerprint(TrialOutcome t) {
        List<String> results = t.history().stream()
                .map(r -> r.get(Result.TRAINING_ITERATION) + ": loss=" + r.get("loss") + " w=" + r.get("w") + " done=" + r.get(Result.DONE))
                .toList();
        try (Stream<Path> files = Files.list(t.dir())) {
            List<String> checkpoints = files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("checkpoint_")).sorted().toList();
            return new Fingerprint(t.config().toString(), t.status().toString(), results, checkpoints);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
