package io.jtune.xgboost;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.exec.ExecutorFactory;
import java.nio.file.Path;
import ml.dmlc.xgboost4j.java.Booster;
import ml.dmlc.xgboost4j.java.DMatrix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Trials HyperBand paused and resumed end with the booster an uninterrupted run of their rounds and
 * config makes, on threads and in worker processes (where a resumed trial's booster comes back from
 * its checkpoint file in a JVM that may not have trained it).
 */
class PauseResumeTest {
    @TempDir
    Path storage;

    @Test
    void pausedTrialsResumeTheirBoosterFromItsRoundOnThreads() throws Exception {
        assertResumed(ExecutorFactory.threads());
    }

    @Test
    void pausedTrialsResumeTheirBoosterFromItsRoundInWorkerProcesses() throws Exception {
        assertResumed(ExecutorFactory.process());
    }

    private void assertResumed(ExecutorFactory executor) throws Exception {
        ResultGrid grid = Tuner.of(HyperBandBooster.class).executor(executor).storagePath(storage).progress(false).fit();
        assertEquals(0, grid.numErrors(), grid.toString());
        DMatrix rows = Synthetic.matrix(300, 5);
        int resumed = 0;
        try {
            for (TrialOutcome trial : grid.trials()) {
                assertEquals(TrialStatus.TERMINATED, trial.status(), trial.toString());
                resumed += wasResumed(trial) ? 1 : 0;
                Booster last = BoosterCheckpoint.read(trial.latestCheckpoint().path());
                try {
                    int rounds = BoosterCheckpoint.rounds(last);
                    assertEquals(trial.lastResult().get(BoostingRun.ROUNDS), rounds, trial.toString());
                    assertArrayEquals(Synthetic.uninterrupted(trial.config(), rounds, rows), last.predict(rows), trial.toString());
                } finally {
                    last.dispose();
                }
            }
        } finally {
            rows.dispose();
        }
        assertTrue(resumed > 0, "HyperBand paused and resumed at least one trial: " + grid);
    }

    /** A resumed run restarts iterations_since_restore while training_iteration goes on. */
    private static boolean wasResumed(TrialOutcome trial) {
        return trial.history().stream().anyMatch(r -> ((Number) r.get(Result.ITERATIONS_SINCE_RESTORE)).longValue()
                < ((Number) r.get(Result.TRAINING_ITERATION)).longValue());
    }
}
