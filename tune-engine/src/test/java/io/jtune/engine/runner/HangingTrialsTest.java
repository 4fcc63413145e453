package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.TrialStatus;
import io.jtune.api.space.SearchSpace;
import io.jtune.engine.Tuner;
import io.jtune.engine.exec.LocalTrialExecutor;
import io.jtune.engine.runner.state.ExperimentState;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.stop.Stoppers;
import io.jtune.engine.testing.CapturedLog;
import io.jtune.engine.testing.HangingTrainable;
import io.jtune.engine.testing.Runs;
import io.jtune.engine.trial.StallLimit;
import io.jtune.engine.trial.Trial;
import io.jtune.engine.trial.TrialStalledException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
/** The driver never waits unboundedly: steps that never return do not freeze the experiment. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class HangingTrialsTest {
    private static final Duration SHORT_CLOSE_GRACE = Duration.ofMillis(200);

    @TempDir
    Path storage;

    @BeforeEach
    void reset() {
        HangingTrainable.reset();
    }

    /**
     * Releases the stuck steps and saves, and waits for the trial threads they held to end: a
     * released save writes its checkpoint, which must not race the deletion of the test's folder.
     */
    @AfterEach
    void release() throws InterruptedException {
        HangingTrainable.releaseAll();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("jtune-trial-worker-")) {
                t.join(TimeUnit.SECONDS.toMillis(10));
            }
        }
    }

    private Tuner hanging() {
        // output files on: with them off (and no checkpoints) no experiment_state.json is written
        return Runs.quiet(Tuner.of("Hanging", HangingTrainable::new), storage).outputFiles(true).numSamples(2);
    }

    @Test
    void aTimeBudgetEndsTheExperimentWhileEveryStepIsStuckAndTheStuckTrialsAreNamed() {
        List<Trial> trials;
        try (CapturedLog log = new CapturedLog(LocalTrialExecutor.class)) {
            trials = Runs.run(hanging().stop(Stoppers.timeout(Duration.ofMillis(300))), SHORT_CLOSE_GRACE);
            assertEquals(2, HangingTrainable.STUCK.get(), "both steps are still stuck after the run returned");
            for (Trial t : trials) {
                assertTrue(log.messages().stream().anyMatch(m -> m.contains(t.name()) && m.contains("does not stop")), () -> t.name() + " not named in " + log.messages());
            }
        }
        assertEquals(2, trials.size());
        for (Trial t : trials) {
            assertEquals(TrialStatus.TERMINATED, t.status(), "the budget ended the trial");
        }
        assertTrue(Files.exists(storage.resolve("exp").resolve(ExperimentState.FILE)));
    }

    @Test
    void aTrialThatEndsWhileAnotherIsStuckReachesTheSnapshotWithoutWaitingForIt() throws Exception {
        Tuner tuner = hanging().numSamples(1).space(SearchSpace.builder().grid("hangAt", 1, 99).build())
                .snapshotPeriod(Duration.ofMillis(500)).stop(Stoppers.maximumIteration(3));
        CompletableFuture<List<Trial>> run = CompletableFuture.supplyAsync(() -> Runs.run(tuner, SHORT_CLOSE_GRACE));
        Path stateFile = storage.resolve("exp").resolve(ExperimentState.FILE);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        List<TrialStatus> recorded = List.of();
        // until a snapshot shows the finished trial while the other one's step hangs (on a loaded machine
        // the other trial's thread may reach its step only after the first snapshots)
        while (!(recorded.equals(List.of(TrialStatus.RUNNING, TrialStatus.TERMINATED)) && HangingTrainable.STUCK.get() == 1) && System.nanoTime() < deadline) {
            recorded = Files.exists(stateFile) ? ExperimentState.read(stateFile).trials().stream().map(ExperimentState.TrialState::status).toList() : List.of();
            Thread.sleep(20);
        }
        assertEquals(List.of(TrialStatus.RUNNING, TrialStatus.TERMINATED), recorded, "the finished trial is in the snapshot while the other one's step hangs");
        assertEquals(1, HangingTrainable.STUCK.get());
        HangingTrainable.releaseAll();
        List<Trial> trials = run.get(60, TimeUnit.SECONDS);
        assertEquals(List.of(3L, 3L), trials.stream().map(t -> t.lastResult().trainingIteration()).toList());
    }

    @Test
    void aStalledStepFailsItsTrialNamingItAndTheStepAndTheRetryGoesOn() {
        Tuner tuner = hanging().numSamples(1).space(SearchSpace.builder().choice("hangAt", 2).choice("hangTimes", 1).build())
                .stallTimeout(Duration.ofSeconds(2)).maxFailures(1).stop(Stoppers.maximumIteration(3));
        Trial trial = Runs.run(tuner, SHORT_CLOSE_GRACE).get(0);
        assertEquals(TrialStatus.TERMINATED, trial.status());
        assertEquals(3, trial.lastResult().trainingIteration(), "the retry ran to the limit");
        assertEquals(1, trial.numFailures());
        assertTrue(trial.errorTrace().contains("trial " + trial.name() + " stalled"), trial.errorTrace());
        assertTrue(trial.errorTrace().contains("while setting up and running step 1") || trial.errorTrace().contains("while running step 2"), trial.errorTrace());
        assertTrue(trial.errorTrace().contains(TrialStalledException.class.getName()), trial.errorTrace());
        assertEquals(1, HangingTrainable.STUCK.get(), "the stuck thread was abandoned, not waited for");
    }

    @Test
    void aSaveThatNeverEndsFailsTheTrialNamingTheSave() {
        Tuner tuner = hanging().numSamples(1).space(SearchSpace.builder().choice("hangAt", 1).choice("hangInSave", true).build())
                .checkpoint(CheckpointPolicy.every(1)).stallTimeout(Duration.ofSeconds(2)).stop(Stoppers.maximumIteration(3));
        Trial trial = Runs.run(tuner, SHORT_CLOSE_GRACE).get(0);
        assertEquals(TrialStatus.ERROR, trial.status());
        assertTrue(trial.errorTrace().contains("while saving a checkpoint at iteration 1"), trial.errorTrace());
    }

    @Test
    void aStallLimitIsOffByDefaultAndItsPropertyIsValidated() {
        assertEquals(Duration.ZERO, Tuner.of("Hanging", HangingTrainable::new).spec().stallTimeout());
        assertEquals(Duration.ofSeconds(90), StallLimit.parse("90"));
        assertEquals(Duration.ofMinutes(10), StallLimit.parse("PT10M"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StallLimit.parse("ten"));
        assertTrue(e.getMessage().contains(StallLimit.PROPERTY) && e.getMessage().contains("'ten'"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Tuner.of("Hanging", HangingTrainable::new).stallTimeout(Duration.ofSeconds(-1)));
    }
}
