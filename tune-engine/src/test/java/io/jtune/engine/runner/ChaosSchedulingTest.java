package io.jtune.engine.runner;

import static io.jtune.engine.testing.Runs.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialScheduler.Decision;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.api.trainable.TrainFunction;
import io.jtune.engine.Tuner;
import io.jtune.engine.testing.CountingTrainable;
import io.jtune.engine.testing.FirstComeScheduler;
import io.jtune.engine.testing.ListSearcher;
import io.jtune.engine.testing.Runs;
import io.jtune.engine.testing.StopAt;
import io.jtune.engine.trial.Trial;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
/**
 * A scheduler that pauses, saves, resumes and stops trials at random (seeded) while they run four
 * at a time: whatever the timing of the workers, every logged result must match the state the
 * trainable had at its iteration, and no iteration may be lost or logged twice.
 */
// a hang (a lost event) fails the class instead of blocking the build; no test asserts a duration
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ChaosSchedulingTest {
    private static final int LAST_ITERATION = 12;

    @TempDir
    Path storage;

    @RepeatedTest(5)
    void classTrainablesNeverLoseOrRepeatState() {
        CountingTrainable.resetCounters();
        check(run(Runs.counting(storage, new ListSearcher(configs()), chaos(new SplittableRandom(11)))
                .stop(StopAt.iteration(LAST_ITERATION)).resources(ResourceRequest.cpus(0.5))));
    }

    @RepeatedTest(5)
    void functionTrainablesResumeFromTheirReportedCheckpoints() {
        AtomicLong folders = new AtomicLong();
        TrainFunction counting = (config, session) -> {
            double x = config.getDouble("x");
            int step = 0;
            if (session.checkpoint().isPresent()) {
                step = Integer.parseInt(Files.readString(session.checkpoint().get().path().resolve("step.txt")));
            }
            while (true) {
                step++;
                Path dir = Files.createDirectories(storage.resolve("scratch").resolve(Long.toString(folders.incrementAndGet())));
                Files.writeString(dir.resolve("step.txt"), Integer.toString(step));
                session.report(Map.of("value", step * x), CheckpointDir.fromDirectory(dir));
            }
        };
        check(run(Runs.quiet(Tuner.of("counting", counting), storage).searcher(new ListSearcher(configs())).numSamples(-1)
                .scheduler(chaos(new SplittableRandom(12))).stop(StopAt.iteration(LAST_ITERATION)).resources(ResourceRequest.cpus(0.5))));
    }

    private static List<Config> configs() {
        List<Config> configs = new ArrayList<>();
        for (int i = 1; i <= 8; i++) {
            configs.add(Config.of(Map.of("x", (double) i)));
        }
        return configs;
    }

    private static FirstComeScheduler chaos(SplittableRandom random) {
        return new FirstComeScheduler((runner, trial, result) -> {
            double roll = random.nextDouble();
            List<TrialView> others = running(runner, trial);
            if (roll < 0.15) {
                return Decision.PAUSE;
            }
            if (roll < 0.25 && !others.isEmpty()) {
                runner.pauseTrial(others.get(random.nextInt(others.size())));
            } else if (roll < 0.30 && !others.isEmpty()) {
                runner.saveCheckpoint(others.get(random.nextInt(others.size())));
            } else if (roll < 0.35) {
                runner.saveCheckpoint(trial);
            } else if (roll < 0.36 && !others.isEmpty()) {
                runner.stopTrial(others.get(random.nextInt(others.size())));
            }
            return Decision.CONTINUE;
        }).resumingPaused();
    }

    private static void check(List<Trial> trials) {
        assertEquals(8, trials.size());
        for (Trial t : trials) {
            assertEquals(TrialStatus.TERMINATED, t.status(), t.name() + " " + t.errorTrace());
            double x = t.config().getDouble("x");
            long previous = 0;
            for (Result r : t.history()) {
                assertEquals(previous + 1, r.trainingIteration(), t.name() + " logged iterations " + t.history().stream().map(Result::trainingIteration).toList());
                assertEquals(r.trainingIteration() * x, r.getDouble("value"), t.name() + " state at iteration " + r.trainingIteration());
                previous = r.trainingIteration();
            }
            assertTrue(previous <= LAST_ITERATION);
            assertEquals(previous == LAST_ITERATION, t.lastResult() != null && t.lastResult().done(), t.name() + " is done exactly when it reached the stop rule");
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
