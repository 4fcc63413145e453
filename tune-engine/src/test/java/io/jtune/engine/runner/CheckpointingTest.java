package io.jtune.engine.runner;

import static io.jtune.engine.testing.Runs.quiet;
import static io.jtune.engine.testing.Runs.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.TrialScheduler.Decision;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.api.trainable.TrainFunction;
import io.jtune.engine.Tuner;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.testing.CountingTrainable;
import io.jtune.engine.testing.FirstComeScheduler;
import io.jtune.engine.testing.ListSearcher;
import io.jtune.engine.testing.RecordingCallback;
import io.jtune.engine.testing.Runs;
import io.jtune.engine.testing.StopAt;
import io.jtune.engine.trial.Trial;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
// a hang (a lost event) fails the class instead of blocking the build; no test asserts a duration
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class CheckpointingTest {
    @TempDir
    Path storage;

    @BeforeEach
    void resetCounters() {
        CountingTrainable.resetCounters();
    }

    private static List<String> checkpointFolders(Trial trial) throws IOException {
        if (!Files.exists(trial.localDir())) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(trial.localDir())) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("checkpoint_")).sorted().toList();
        }
    }

    private static List<Long> iterations(Trial trial) {
        return trial.history().stream().map(Result::trainingIteration).toList();
    }

    @Test
    void keepsTheBestCheckpointsByScoreAndTheLatest() throws IOException {
        RecordingCallback callback = new RecordingCallback();
        List<Trial> trials = run(Runs.counting(storage, new ListSearcher(List.of(Config.of(Map.of("x", 1.0)))), new FirstComeScheduler()).stop(StopAt.iteration(6)).callbacks(callback)
                .checkpoint(CheckpointPolicy.every(1).keep(2, "value", Mode.MIN)));
        Trial t = trials.get(0);
        assertEquals(List.of("checkpoint_000001", "checkpoint_000006"), checkpointFolders(t), "the lowest value and the latest stay");
        assertEquals(t.localDir().resolve("checkpoint_000006"), t.latestCheckpoint().orElseThrow().path());
        assertEquals("6.0 6", Files.readString(t.localDir().resolve("checkpoint_000006").resolve("state.txt")));
        assertEquals(6, callback.of("checkpoint").size());
    }

    @Test
    void checkpointsAtTheEndAndWhenAResultAsks() throws IOException {
        List<Trial> trials = run(Runs.counting(storage, new ListSearcher(List.of(Config.of(Map.of("x", 1.0)))), new FirstComeScheduler())
                .stop(StopAt.iteration(5)).checkpoint(CheckpointPolicy.NONE.atEnd(true)));
        assertEquals(List.of("checkpoint_000005"), checkpointFolders(trials.get(0)));

        TrainFunction asks = (config, session) -> {
            for (int i = 1; i <= 4; i++) {
                session.report(Map.of("i", i, Result.SHOULD_CHECKPOINT, i == 2));
            }
        };
        Tuner function = quiet(Tuner.of("asks", asks), storage).name("fn").searcher(ListSearcher.of(1, "x")).numSamples(-1).scheduler(new FirstComeScheduler());
        Trial f = run(function).get(0);
        assertEquals(TrialStatus.TERMINATED, f.status());
        assertEquals(List.of(), checkpointFolders(f), "a function only has the checkpoints it reports");
        assertEquals(List.of(1L, 2L, 3L, 4L), iterations(f));
    }

    /** Pauses every trial once at iteration 2; FirstComeScheduler resumes paused trials when nothing is pending. */
    private static FirstComeScheduler pausingOnceAt2(Set<String> paused) {
        return new FirstComeScheduler((runner, trial, result) -> result.trainingIteration() == 2 && paused.add(trial.id())
                ? Decision.PAUSE : Decision.CONTINUE).resumingPaused();
    }

    @Test
    void pauseSavesReleasesAndResumeContinuesTheIterationCount() throws IOException {
        Set<String> paused = new HashSet<>();
        RecordingCallback callback = new RecordingCallback();
        List<Trial> trials = run(Runs.counting(storage, new ListSearcher(List.of(Config.of(Map.of("x", 1.0)), Config.of(Map.of("x", 3.0)), Config.of(Map.of("x", 5.0)))),
                pausingOnceAt2(paused)).stop(StopAt.iteration(4)).callbacks(callback));
        assertEquals(3, paused.size());
        for (Trial t : trials) {
            assertEquals(TrialStatus.TERMINATED, t.status());
            assertEquals(List.of(1L, 2L, 3L, 4L), iterations(t));
            double x = t.config().getDouble("x");
            assertEquals(4 * x, t.lastResult().getDouble("value"), "the state survived the pause");
            assertEquals(2L, t.lastResult().get(Result.ITERATIONS_SINCE_RESTORE));
            assertEquals(List.of("checkpoint_000002"), checkpointFolders(t));
            assertTrue(callback.events.contains("restore " + t.id() + " checkpoint_000002"));
            assertEquals(List.of("start " + t.id() + " NO-DIR", "start " + t.id()), callback.events.stream().filter(e -> e.startsWith("start " + t.id())).toList(),
                    "with output files off, only the checkpoint of the pause makes the folder");
        }
        assertEquals(3, CountingTrainable.RESTORES.get());
    }

    @Test
    void aPausedFunctionGetsItsLatestCheckpointBackOnRestart() throws IOException {
        Path scratch = Files.createDirectories(storage.resolve("scratch"));
        List<String> startedFrom = new ArrayList<>();
        TrainFunction fn = (config, session) -> {
            int start = 0;
            if (session.checkpoint().isPresent()) {
                start = Integer.parseInt(Files.readString(session.checkpoint().get().path().resolve("i.txt")));
            }
            synchronized (startedFrom) {
                startedFrom.add(session.trialId() + "@" + start);
            }
            for (int i = start + 1; i <= 4; i++) {
                Path dir = Files.createDirectories(scratch.resolve(session.trialId() + "-" + i));
                Files.writeString(dir.resolve("i.txt"), Integer.toString(i));
                session.report(Map.of("i", i), CheckpointDir.fromDirectory(dir));
            }
        };
        Set<String> paused = new HashSet<>();
        List<Trial> trials = run(quiet(Tuner.of("fn", fn), storage).searcher(ListSearcher.of(2, "x")).numSamples(-1).scheduler(pausingOnceAt2(paused)));
        for (Trial t : trials) {
            assertEquals(TrialStatus.TERMINATED, t.status());
            assertEquals(List.of(1L, 2L, 3L, 4L), iterations(t));
            assertEquals(List.of(3, 4), t.history().subList(2, 4).stream().map(r -> r.get("i")).toList(), "the function resumed after i = 2");
            assertTrue(startedFrom.contains(t.id() + "@0") && startedFrom.contains(t.id() + "@2"), startedFrom.toString());
            assertEquals(List.of("checkpoint_000001", "checkpoint_000002", "checkpoint_000003", "checkpoint_000004"), checkpointFolders(t));
        }
    }

    @Test
    void reusedTrainablesGetTheNextConfigThroughReset() {
        List<Trial> trials = run(Runs.counting(storage, ListSearcher.of(4, "x"), new FirstComeScheduler()).stop(StopAt.iteration(2))
                .reuseTrainables(true).maxConcurrentTrials(1));
        for (Trial t : trials) {
            assertEquals(2.0 * t.index(), t.lastResult().getDouble("value"), "reset gave trial " + t.index() + " its own x and a fresh state");
        }
        assertEquals(1, CountingTrainable.CREATED.get());
        assertEquals(3, CountingTrainable.RESETS.get());
        assertEquals(1, CountingTrainable.CLEANUPS.get());
    }

    @Test
    void exploitRestartsATrialFromACopyOfAnothersCheckpointWithANewConfig() throws IOException {
        List<CheckpointDir> donors = new ArrayList<>();
        FirstComeScheduler pbtLike = new FirstComeScheduler((runner, trial, result) -> {
            if (trial.experimentTag().startsWith("1_") && result.trainingIteration() == 3) {
                TrialView donor = runner.trials().get(0);
                CheckpointDir from = runner.saveCheckpoint(donor); // waits for the donor's at-end save
                donors.add(from);
                runner.exploit(trial, trial.config().with("x", 10.0), "1_x=10@perturbed", from);
                return Decision.PAUSE;
            }
            return Decision.CONTINUE;
        });
        List<Trial> trials = run(Runs.counting(storage, new ListSearcher(List.of(Config.of(Map.of("x", 2.0)), Config.of(Map.of("x", 3.0)))), pbtLike)
                .stop(StopAt.iteration(8)).maxConcurrentTrials(1).checkpoint(CheckpointPolicy.NONE.atEnd(true)));
        Trial donor = trials.get(0);
        Trial exploiter = trials.get(1);
        assertEquals(donor.localDir().resolve("checkpoint_000008"), donors.get(0).path());
        assertEquals(List.of(1L, 2L, 3L, 9L), iterations(exploiter), "it continues from the donor's iteration 8");
        assertEquals(8 * 2.0 + 10.0, exploiter.lastResult().getDouble("value"), "donor state, then one step with the new x");
        assertEquals(10.0, exploiter.config().getDouble("x"));
        assertEquals("1_x=10@perturbed", exploiter.experimentTag());
        assertEquals("1_x=10@perturbed", exploiter.lastResult().get(Result.EXPERIMENT_TAG));
        assertTrue(checkpointFolders(exploiter).contains("checkpoint_000008"), "a copy, not the donor's folder");
        assertTrue(Files.exists(donor.localDir().resolve("checkpoint_000008").resolve("state.txt")));
        assertEquals(TrialStatus.TERMINATED, exploiter.status());
    }

    @Test
    void aSchedulerCanSaveTheTrialItDecidesAndPauseAnother() {
        List<CheckpointDir> saved = new ArrayList<>();
        List<CheckpointDir> othersSaved = new ArrayList<>();
        Set<String> pausedOthers = new HashSet<>();
        FirstComeScheduler scheduler = new FirstComeScheduler((runner, trial, result) -> {
            if (result.trainingIteration() == 2) {
                for (TrialView other : runner.trials()) {
                    if (other != trial && other.status() == TrialStatus.RUNNING && pausedOthers.add(other.id())) {
                        runner.pauseTrial(other);
                        othersSaved.add(runner.saveCheckpoint(other));
                    }
                }
                saved.add(runner.saveCheckpoint(trial));
            }
            return Decision.CONTINUE;
        }).resumingPaused();
        List<Trial> trials = run(Runs.counting(storage, ListSearcher.of(2, "x"), scheduler).stop(StopAt.iteration(4)));
        assertFalse(saved.isEmpty());
        for (CheckpointDir c : saved) {
            assertEquals("checkpoint_000002", c.path().getFileName().toString());
        }
        for (CheckpointDir c : othersSaved) {
            assertTrue(Files.isRegularFile(c.path().resolve("state.txt")), "a paused trial's checkpoint is there when saveCheckpoint returns");
        }
        for (Trial t : trials) {
            assertEquals(TrialStatus.TERMINATED, t.status());
            assertEquals(4.0 * t.config().getDouble("x"), t.lastResult().getDouble("value"), t.name());
            long last = -1;
            for (Result r : t.history()) {
                assertTrue(r.trainingIteration() > last, "iterations only grow: " + iterations(t));
                last = r.trainingIteration();
            }
        }
    }
}
