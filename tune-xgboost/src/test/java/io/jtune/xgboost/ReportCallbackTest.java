package io.jtune.xgboost;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Result;
import io.jtune.api.space.SearchSpace;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import java.nio.file.Path;
import java.util.List;
import ml.dmlc.xgboost4j.java.Booster;
import ml.dmlc.xgboost4j.java.DMatrix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The callback reports each round's watch metrics, checkpoints the booster, and a retried loop resumes it. */
class ReportCallbackTest {
    @TempDir
    Path storage;

    @Test
    void anOwnLoopReportsEveryRoundAndResumesItsBoosterAfterAFailure() throws Exception {
        ResultGrid grid = Tuner.of(OwnLoop.class).space(SearchSpace.builder().grid("eta", 0.3).build())
                .maxFailures(1).storagePath(storage).progress(false).fit();
        assertEquals(1, grid.numTerminated(), grid.toString());
        TrialOutcome trial = grid.get(0);
        assertEquals(1, trial.numFailures());
        List<Result> history = trial.history();
        assertEquals(OwnLoop.ROUNDS, history.size(), "rounds 1-6 once, then 7-12 after resuming from round 6: " + history);
        for (int i = 0; i < history.size(); i++) {
            Result r = history.get(i);
            assertEquals(i + 1, ((Number) r.get(BoostingRun.ROUNDS)).intValue(), r.toString());
            assertTrue(r.has("validation-logloss") && r.has("validation-auc") && r.has("train-logloss"), r.toString());
        }
        DMatrix rows = Synthetic.matrix(300, 8);
        Booster last = BoosterCheckpoint.read(trial.latestCheckpoint().path());
        try {
            assertEquals(OwnLoop.ROUNDS, BoosterCheckpoint.rounds(last));
            assertArrayEquals(Synthetic.uninterrupted(trial.config(), OwnLoop.ROUNDS, rows), last.predict(rows));
        } finally {
            last.dispose();
            rows.dispose();
        }
    }
}
