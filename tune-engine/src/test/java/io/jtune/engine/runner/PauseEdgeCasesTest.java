package io.jtune.engine.runner;

import static io.jtune.engine.testing.Runs.quiet;
import static io.jtune.engine.testing.Runs.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.api.spi.TrialScheduler.Decision;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.engine.Tuner;
import io.jtune.engine.testing.CountingTrainable;
import io.jtune.engine.testing.FirstComeScheduler;
import io.jtune.engine.testing.ListSearcher;
import io.jtune.engine.testing.RecordingCallback;
import io.jtune.engine.testing.Runs;
import io.jtune.engine.testing.StopAt;
import io.jtune.engine.trial.Trial;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
// a hang (a lost event) fails the class instead of blocking the build; no test asserts a duration
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class PauseEdgeCasesTest {
    @TempDir
    Path storage;

    @BeforeEach
    void resetCounters() {
        CountingTrainable.resetCounters();
    }

    /** Counts, but keeps no checkpoints. */
    public static final class Forgetful implements ClassTrainable {
        private int steps;

        @Override
        public void setup(Config config) {
        }

        @Override
        public Map<String, ?> step() {
            return Map.of("steps", ++steps);
        }
    }

    /** Saves, but cannot restore. */
    public static final class CannotRestore extends CountingTrainable {
        @Override
        public void restore(Path dir) {
            throw new IllegalStateException("corrupt checkpoint in " + dir.getFileName());
        }
    }

    private static FirstComeScheduler pauseOnceAt(int iteration, Set<String> paused) {
        return new FirstComeScheduler((runner, trial, result) -> result.trainingIteration() == iteration && paused.add(trial.id())
                ? Decision.PAUSE : Decision.CONTINUE).resumingPaused();
    }

    @Test
    void aTrainableWithoutCheckpointsRestartsFromScratchAfterAPause() {
        RecordingCallback callback = new RecordingCallback();
        List<Trial> trials = run(quiet(Tuner.of(Forgetful.class), storage).searcher(ListSearcher.of(1, "x")).numSamples(-1)
                .scheduler(pauseOnceAt(2, new HashSet<>())).stop(StopAt.iteration(3)).callbacks(callback));
        Trial t = trials.get(0);
        assertEquals(TrialStatus.TERMINATED, t.status());
        assertEquals(List.of(1L, 2L, 3L), t.history().stream().map(Result::trainingIteration).toList(),
                "nothing to resume from: the results of the first two steps are dropped and logged again");
        assertEquals(3, t.lastResult().get("steps"));
        assertTrue(t.latestCheckpoint().isEmpty());
        assertTrue(callback.of("restore").isEmpty());
    }

    @Test
    void aCheckpointThatCannotBeRestoredErrorsTheTrialAndTheOthersGoOn() {
        RecordingCallback callback = new RecordingCallback();
        List<Trial> trials = run(quiet(Tuner.of(CannotRestore.class), storage).searcher(ListSearcher.of(2, "x")).numSamples(-1)
                .scheduler(pauseOnceAt(2, new HashSet<>(Set.of("not-the-second")))).stop(StopAt.iteration(3)).callbacks(callback)
                .maxConcurrentTrials(1));
        Trial paused = trials.get(0);
        assertEquals(TrialStatus.ERROR, paused.status());
        assertEquals(1, paused.numFailures());
        assertTrue(paused.errorTrace().contains("corrupt checkpoint in checkpoint_000002"), paused.errorTrace());
        assertEquals(TrialStatus.ERROR, trials.get(1).status(), "the second is paused too, and fails the same way");
        assertEquals(2, callback.of("error").size());
    }

    @Test
    void stoppingAPausedTrialTerminatesItForGood() {
        Set<String> paused = new HashSet<>();
        FirstComeScheduler scheduler = new FirstComeScheduler((runner, trial, result) -> {
            if (trial.experimentTag().startsWith("0_") && result.trainingIteration() == 1 && paused.add(trial.id())) {
                return Decision.PAUSE;
            }
            for (TrialView other : runner.trials()) {
                if (other.status() == TrialStatus.PAUSED) {
                    runner.stopTrial(other);
                }
            }
            return Decision.CONTINUE;
        });
        List<Trial> trials = run(Runs.counting(storage, ListSearcher.of(2, "x"), scheduler).stop(StopAt.iteration(3)).maxConcurrentTrials(1));
        Trial stopped = trials.get(0);
        assertEquals(TrialStatus.TERMINATED, stopped.status());
        assertEquals(1, stopped.history().size());
        assertTrue(scheduler.calls.contains("remove " + stopped.id()));
        assertFalse(scheduler.calls.contains("complete " + stopped.id()));
        assertEquals(3, trials.get(1).history().size());
    }

    @Test
    void askingForACheckpointATrainableCannotMakeEndsTheExperimentWithAClearError() {
        FirstComeScheduler scheduler = new FirstComeScheduler((runner, trial, result) -> {
            runner.saveCheckpoint(trial);
            return Decision.CONTINUE;
        });
        TuneException e = assertThrows(TuneException.class, () -> run(quiet(Tuner.of(Forgetful.class), storage)
                .searcher(ListSearcher.of(1, "x")).numSamples(-1).scheduler(scheduler).stop(StopAt.iteration(3))));
        assertTrue(e.getMessage().contains("has no checkpoint") && e.getMessage().contains("implement save and restore"), e.getMessage());
    }
}
