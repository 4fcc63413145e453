package io.jtune.xgboost;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jtune.api.Result;
import io.jtune.api.space.SearchSpace;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.stop.Stoppers;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** With k rounds per step, a trial made by the factory boosts k rounds a step and training_iteration counts steps. */
class RoundsPerStepTest {
    @TempDir
    Path storage;

    @Test
    void eachStepRunsTheTasksRoundsPerStep() {
        ResultGrid grid = Tuner.of("three-rounds", XGBoostTrainable.factory(Synthetic.TASK.withRoundsPerStep(3)))
                .space(SearchSpace.builder().grid("eta", 0.3).build())
                .stop(Stoppers.maximumIteration(4)).storagePath(storage).progress(false).fit();
        assertEquals(1, grid.numTerminated(), grid.toString());
        List<Result> history = grid.get(0).history();
        assertEquals(List.of(1L, 2L, 3L, 4L), history.stream().map(Result::trainingIteration).toList());
        assertEquals(List.of(3, 6, 9, 12), history.stream().map(r -> ((Number) r.get(BoostingRun.ROUNDS)).intValue()).toList());
    }
}
