package io.jtune.engine.runner;

import static io.jtune.engine.testing.Runs.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.testing.CountingTrainable;
import io.jtune.engine.testing.FirstComeScheduler;
import io.jtune.engine.testing.ListSearcher;
import io.jtune.engine.testing.Runs;
import io.jtune.engine.testing.StopAt;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scheduler that pauses, saves and resumes trials at random (seeded) while they run four at a
 * time: whatever the timing of the workers, every trial must end with a state that matches its
 * iteration count, and no iteration may be logged twice.
 */
class ChaosSchedulingTest {
    @TempDir
    Path storage;

    @RepeatedTest(5)
    void randomPausesSavesAndResumesNeverLoseOrRepeatState() {
        CountingTrainable.resetCounters();
        SplittableRandom random = new SplittableRandom(11);
        FirstComeScheduler chaos = new FirstComeScheduler((runner, trial, result) -> {
            double roll = random.nextDouble();
            List<TrialView> others = running(runner, trial);
            if (roll < 0.15) {
                return io.jtune.api.spi.TrialScheduler.Decision.PAUSE;
            }
            if (roll < 0.25 && !others.isEmpty()) {
                runner.pauseTrial(others.get(random.nextInt(others.size())));
            } else if (roll < 0.30 && !others.isEmpty()) {
                runner.saveCheckpoint(others.get(random.nextInt(others.size())));
            } else if (roll < 0.35) {
                runner.saveCheckpoint(trial);
            }
            return io.jtune.api.spi.TrialScheduler.Decision.CONTINUE;
        }).resumingPaused();
        List<Config> configs = new ArrayList<>();
        for (int i = 1; i <= 8; i++) {
            configs.add(Config.of(Map.of("x", (double) i)));
        }
        List<Trial> trials = run(Runs.counting(storage, new ListSearcher(configs), chaos)
                .stop(StopAt.iteration(12)).resources(ResourceRequest.cpus(0.5)));

        assertEquals(8, trials.size());
        for (Trial t : trials) {
            assertEquals(TrialStatus.TERMINATED, t.status(), t.name());
            double x = t.config().getDouble("x");
            long previous = 0;
            for (Result r : t.history()) {
                assertEquals(previous + 1, r.trainingIteration(), t.name() + " logged iterations " + t.history().stream().map(Result::trainingIteration).toList());
                assertEquals(r.trainingIteration() * x, r.getDouble("value"), t.name() + " state at iteration " + r.trainingIteration());
                previous = r.trainingIteration();
            }
            assertEquals(12, previous);
            assertTrue(t.lastResult().done());
        }
    }

    private static List<TrialView> running(RunnerView runner, TrialView except) {
        List<TrialView> out = new ArrayList<>();
        for (TrialView t : runner.trials()) {
            if (t != except && t.status() == TrialStatus.RUNNING) {
                out.add(t);
            }
        }
        return out;
    }
}
