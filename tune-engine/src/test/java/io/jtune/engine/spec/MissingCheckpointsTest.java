package io.jtune.engine.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.api.space.SearchSpace;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.checkpoint.CheckpointFolders;
import io.jtune.engine.runner.state.ExperimentState;
import io.jtune.engine.testing.CapturedLog;
import io.jtune.engine.testing.CountingTrainable;
import io.jtune.engine.testing.Runs;
import io.jtune.engine.testing.StopAt;
import io.jtune.engine.trial.Trial;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class MissingCheckpointsTest {
    private static final SearchSpace SPACE = SearchSpace.builder().constant("x", 1.0).constant("failAtStep", 3).build();

    @TempDir
    Path storage;

    /** One trial that errors at step 3 after checkpoints 1 and 2; checkpoint 2's folder is then deleted. Returns that folder. */
    private Path erroredTrialMissingItsLatestCheckpoint() throws Exception {
        CountingTrainable.resetCounters();
        Trial trial = Runs.run(Runs.quiet(Tuner.of(CountingTrainable.class), storage).space(SPACE)
                .checkpoint(CheckpointPolicy.every(1)).stop(StopAt.iteration(5))).get(0);
        assertEquals(TrialStatus.ERROR, trial.status());
        Path latest = trial.localDir().resolve("checkpoint_000002");
        CheckpointFolders.deleteRecursively(latest);
        return latest;
    }

    private Tuner restore() {
        return Tuner.restore(storage.resolve("exp"), CountingTrainable.class).space(SPACE).stop(StopAt.iteration(5)).machineResources(Runs.TWO_CPUS)
                .progress(false).resume(ResumeMode.ERRORED);
    }

    @Test
    void failRefusesTheResumeNamingTheTrialAndTheFolderAndChangesNothing() throws Exception {
        Path missing = erroredTrialMissingItsLatestCheckpoint();
        Path stateFile = storage.resolve("exp").resolve(ExperimentState.FILE);
        String before = Files.readString(stateFile);
        TuneException e = assertThrows(TuneException.class, () -> restore().missingCheckpoints(MissingCheckpoints.FAIL).fit());
        assertTrue(e.getMessage().contains("checkpoint folders it lists are missing (trial " + missing.getParent().getFileName() + ": " + missing + ")"),
                e.getMessage());
        assertEquals(before, Files.readString(stateFile));
        assertTrue(Files.isDirectory(missing.resolveSibling("checkpoint_000001")), "nothing was deleted");
    }

    @Test
    void restartWarnsNamingTheTrialAndTheFolderAndContinuesFromTheLatestCheckpointOnDisk() throws Exception {
        Path missing = erroredTrialMissingItsLatestCheckpoint();
        try (CapturedLog log = new CapturedLog("io.jtune.engine.runner.state.ExperimentResume")) {
            ResultGrid grid = restore().fit();
            assertTrue(log.messages().stream().anyMatch(m -> m.startsWith("trial " + missing.getParent().getFileName() + ": its checkpoint folder " + missing
                    + " (training_iteration 2) listed in experiment_state.json is missing; the trial continues from its latest checkpoint still on disk")),
                    log.messages().toString());
            assertEquals(TrialStatus.TERMINATED, grid.get(0).status());
        }
        assertEquals(1, CountingTrainable.RESTORES.get(), "the trial restored checkpoint_000001");
    }
}
