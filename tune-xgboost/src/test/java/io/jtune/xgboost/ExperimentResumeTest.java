package io.jtune.xgboost;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.stop.Stoppers;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import ml.dmlc.xgboost4j.java.Booster;
import ml.dmlc.xgboost4j.java.DMatrix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An interrupted experiment, restored, continues each trial's booster from its last checkpoint. */
class ExperimentResumeTest {
    static final int ROUNDS = 12;
    static final SearchSpace SPACE = SearchSpace.builder().grid("eta", 0.2, 0.35).build();

    @TempDir
    Path storage;

    @Test
    void aRestoredExperimentContinuesEveryTrialsBooster() throws Exception {
        Tuner first = Tuner.of(PlainBooster.class).name("interrupted").space(SPACE).stop(Stoppers.maximumIteration(ROUNDS))
                .checkpoint(CheckpointPolicy.every(1)).storagePath(storage).progress(false).callbacks(new InterruptAtCheckpoint(9, new AtomicInteger()));
        assertThrows(RuntimeException.class, first::fit);

        ResultGrid grid = Tuner.restore(storage.resolve("interrupted"), PlainBooster.class).space(SPACE)
                .stop(Stoppers.maximumIteration(ROUNDS)).progress(false).fit();
        assertEquals(2, grid.numTerminated(), grid.toString());
        DMatrix rows = Synthetic.matrix(300, 13);
        try {
            for (TrialOutcome trial : grid.trials()) {
                assertEquals(TrialStatus.TERMINATED, trial.status());
                assertTrue(trial.history().stream().anyMatch(ExperimentResumeTest::afterARestore), "trial resumed: " + trial.history());
                for (Result r : trial.history()) {
                    assertEquals(r.trainingIteration(), ((Number) r.get(BoostingRun.ROUNDS)).longValue(), r.toString());
                }
                Booster last = BoosterCheckpoint.read(trial.latestCheckpoint().path());
                try {
                    assertEquals(ROUNDS, BoosterCheckpoint.rounds(last));
                    assertArrayEquals(Synthetic.uninterrupted(trial.config(), ROUNDS, rows), last.predict(rows), trial.toString());
                } finally {
                    last.dispose();
                }
            }
        } finally {
            rows.dispose();
        }
    }

    private static boolean afterARestore(Result r) {
        return ((Number) r.get(Result.ITERATIONS_SINCE_RESTORE)).longValue() < r.trainingIteration();
    }

    /** Ends the first run at its {@code n}-th checkpoint, as an interruption would (the state is saved on the way out). */
    private record InterruptAtCheckpoint(int n, AtomicInteger seen) implements Callback {
        @Override
        public void onCheckpoint(TrialView trial, CheckpointDir checkpoint) {
            if (seen.incrementAndGet() == n) {
                throw new IllegalStateException("interrupted at checkpoint " + n);
            }
        }
    }
}
