package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jtune.api.Config;
import io.jtune.api.TrialStatus;
import io.jtune.engine.Tuner;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.stop.Stoppers;
import io.jtune.engine.testing.CountingTrainable;
import io.jtune.engine.testing.ListSearcher;
import io.jtune.engine.testing.Runs;
import io.jtune.engine.trial.Trial;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class IterationLimitAfterRestartTest {
    @TempDir
    Path storage;

    @Test
    void aTrialRetriedFromAnOlderCheckpointStillReachesTheIterationLimit() {
        CountingTrainable.resetCounters();
        // results 1, 2, 3, then step 4 fails once; the retry restores checkpoint_000002 and reports 3 and 4 again
        ListSearcher searcher = new ListSearcher(List.of(Config.of(Map.of("x", 1.0, "failAtStep", 4)), Config.of(Map.of("x", 2.0, "failAtStep", 4))));
        Tuner tuner = Runs.listed(Runs.quiet(Tuner.of(CountingTrainable.class), storage), searcher)
                .checkpoint(CheckpointPolicy.every(2)).maxFailures(1).stop(Stoppers.maximumIteration(4));
        List<Trial> trials = Runs.run(tuner);
        for (Trial t : trials) {
            assertEquals(TrialStatus.TERMINATED, t.status());
            assertEquals(1, t.numFailures());
            assertEquals(4, t.lastResult().trainingIteration(), t.name() + " stopped short of its limit");
            assertEquals(List.of(1L, 2L, 3L, 4L), t.history().stream().map(r -> r.trainingIteration()).toList());
        }
    }
}
