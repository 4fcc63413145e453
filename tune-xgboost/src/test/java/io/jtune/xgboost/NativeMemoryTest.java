package io.jtune.xgboost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.space.SearchSpace;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.schedule.HyperBandScheduler;
import io.jtune.engine.spec.CheckpointPolicy;
import java.nio.file.Path;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import ml.dmlc.xgboost4j.java.Booster;
import ml.dmlc.xgboost4j.java.XGBoostError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every trial's per-trial matrices and boosters are freed, whether it ends, is stopped early, fails
 * or is paused (and again for each resumed run).
 */
class NativeMemoryTest {
    @TempDir
    Path storage;

    @Test
    void dataAndBoostersOfATrialAreFreedWhenItStopsFailsOrPauses() {
        ResultGrid grid = Tuner.of(ReleasingBooster.class)
                .space(SearchSpace.builder().grid("eta", 0.1, 0.2, 0.3, 0.4, 0.5).grid(ReleasingBooster.FAIL_AT_ROUND, 2, -1).build())
                .metric("validation-logloss", io.jtune.api.Mode.MIN)
                .scheduler(HyperBandScheduler.builder().maxT(9).reductionFactor(3).build())
                .checkpoint(CheckpointPolicy.every(1))
                .storagePath(storage).progress(false).fit();
        assertEquals(5, grid.numErrors(), "the trials with fail_at_round = 2 failed: " + grid);
        assertEquals(5, grid.numTerminated(), grid.toString());
        CountingData data = CountingData.INSTANCE;
        assertTrue(data.opened().size() > grid.size(), "HyperBand paused trials, whose resumed runs opened data again: " + data.opened().size());
        Set<TrainingData> closed = Collections.newSetFromMap(new IdentityHashMap<>());
        closed.addAll(data.closed());
        assertEquals(data.closed().size(), closed.size(), "each opened data is handed back once");
        for (TrainingData opened : data.opened()) {
            assertTrue(closed.contains(opened), "every opened data was handed back");
            assertTrue(CountingData.freed(opened), "its matrices were disposed");
        }
        assertTrue(ReleasingBooster.TRAINED.size() > grid.size(), "resumed runs trained boosters of their own: " + ReleasingBooster.TRAINED.size());
        for (Booster booster : ReleasingBooster.TRAINED) {
            XGBoostError freed = assertThrows(XGBoostError.class, booster::getNumFeature, "a trial's booster was disposed");
            assertTrue(freed.getMessage().contains("disposed"), freed.getMessage());
        }
    }
}
