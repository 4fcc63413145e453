package io.jtune.engine.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.space.SearchSpace;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.output.ErrorFileCallback;
import io.jtune.engine.stop.Stoppers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One trial of three breaks its worker JVM (or writes an unreadable frame into its stdout); it alone
 * ERRORs, naming the cause, and fit() returns. A text line on the stdout is no fault.
 */
class ProcessExecutorFaultsTest {
    /** Worker JVMs that start fast; tests only. */
    static final ProcessOptions FAST_START = ProcessOptions.defaults().withJvmOptions("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto");

    @TempDir
    Path storage;

    static Tuner threeTrials(String fault, Path storage) {
        return Tuner.of(Faulty.class)
                .space(SearchSpace.builder().grid("fault", "none", fault, "none").build())
                .metric("score", Mode.MAX)
                .stop(Stoppers.metricThreshold(Result.TRAINING_ITERATION, 3, Mode.MAX))
                .resources(ResourceRequest.cpus(1).withMemory(64L << 20))
                .machineResources(new ResourceRequest(3, 0, 1L << 30, Map.of()))
                .executor(FAST_START.executor())
                .storagePath(storage)
                .stallTimeout(Duration.ofSeconds(10))
                .progress(false);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "exit | exited with code 3 while the trial ran",
        "halt | exited with code 7 while the trial ran",
        "oom  | ran out of memory (java.lang.OutOfMemoryError under its heap limit -Xmx64m) and exited with code 3",
        "spin | stalled: nothing (no result, no checkpoint) for",
        "malformed | wrote output the driver cannot read on its stdout (frame 3 (1 bytes) is malformed: unknown message kind 99) and was killed",
        "cutoff | exited with code 7 while the trial ran (System.exit, Runtime.halt or a crash in the trainable); it died while writing: frame 3 is cut off: "
            + "the stream ended after 3 of its 100 bytes"})
    void aBrokenWorkerFailsOnlyItsTrial(String fault, String cause) throws Exception {
        ResultGrid grid = threeTrials(fault, storage).fit();

        assertEquals(3, grid.size());
        TrialOutcome broken = grid.get(1);
        assertEquals(fault, broken.config().getString("fault"));
        assertEquals(TrialStatus.ERROR, broken.status());
        String named = fault.equals("spin") ? "trial " + broken.name() + " stalled" : "trial " + broken.name() + " (id " + broken.id() + "): its worker process (pid ";
        assertTrue(broken.errorTrace().contains(named), broken.errorTrace());
        assertTrue(broken.errorTrace().contains(cause), broken.errorTrace());
        long brokenWorker = ((Number) broken.history().get(0).get("worker_pid")).longValue();
        assertFalse(ProcessHandle.of(brokenWorker).map(ProcessHandle::isAlive).orElse(false), "its worker JVM is gone (a spinning one was killed)");
        assertEquals(1, broken.history().size(), "the result before the fault is kept");
        String errorFile = Files.readString(broken.dir().resolve(ErrorFileCallback.ERROR_FILE));
        assertTrue(errorFile.contains(cause), errorFile);
        if (fault.equals("oom")) {
            assertTrue(errorFile.contains("Terminating due to java.lang.OutOfMemoryError"), "the worker's last stderr lines: " + errorFile);
        }
        for (TrialOutcome ok : List.of(grid.get(0), grid.get(2))) {
            assertEquals(TrialStatus.TERMINATED, ok.status(), ok.name());
            assertEquals(List.of(10, 20, 30), ok.history().stream().map(r -> r.get("score")).toList(), ok.name());
        }
    }

    @Test
    void aLineOfTextOnAWorkersStdoutIsKeptAsItsOutputAndTheTrialGoesOn() {
        ResultGrid grid = threeTrials("stray", storage).fit();

        for (TrialOutcome trial : grid.trials()) {
            assertEquals(TrialStatus.TERMINATED, trial.status(), trial.name() + ": " + trial.errorTrace());
            assertEquals(List.of(10, 20, 30), trial.history().stream().map(r -> r.get("score")).toList(), trial.name());
        }
    }
}
