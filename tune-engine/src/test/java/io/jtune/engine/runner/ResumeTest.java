package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.Stopper;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.output.ErrorFileCallback;
import io.jtune.engine.output.JsonLoggerCallback;
import io.jtune.engine.runner.guard.ComponentException;
import io.jtune.engine.runner.state.ExperimentState;
import io.jtune.engine.search.SampleLimit;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.spec.FailFast;
import io.jtune.engine.spec.ResumeMode;
import io.jtune.engine.testing.CountingTrainable;
import io.jtune.engine.testing.FirstComeScheduler;
import io.jtune.engine.testing.ListSearcher;
import io.jtune.engine.testing.RecordingCallback;
import io.jtune.engine.testing.Runs;
import io.jtune.engine.testing.StopAt;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
/**
 * Resuming an experiment with {@link Tuner#restore}: after a component failed, with Ray Tune's
 * three modes for errored trials, after failFast, with the failure count kept, an unrestorable
 * checkpoint, and the refusals for a fresh run into an experiment folder, a broken state file
 * and a folder that cannot be written.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ResumeTest {
    private static final int ITERATIONS = 6;
    /** Which component throws, or null for none. */
    static final AtomicReference<Component> FAILING = new AtomicReference<>();

    @TempDir
    Path storage;

    enum Component { SEARCHER, SCHEDULER, STOPPER, CALLBACK }

    @BeforeEach
    void reset() {
        CountingTrainable.resetCounters();
        FAILING.set(null);
        FailingScheduler.COMPLETED.clear();
    }

    /** True when {@code component} is to throw now: at iteration 3 of the second trial. */
    static boolean failsNow(Component component, Result result) {
        if (FAILING.get() == component && result.trialId().endsWith("_00001") && result.trainingIteration() == 3) {
            FAILING.set(null);
            return true;
        }
        return false;
    }

    /** The configs x = 1..4. */
    public static final class FailingSearcher extends ListSearcher {
        public FailingSearcher() {
            super(List.of(Config.of(Map.of("x", 1.0)), Config.of(Map.of("x", 2.0)), Config.of(Map.of("x", 3.0)), Config.of(Map.of("x", 4.0))));
        }

        @Override
        public void onTrialResult(String trialId, Result result) {
            if (failsNow(Component.SEARCHER, result)) {
                throw new IllegalStateException("boom");
            }
            super.onTrialResult(trialId, result);
        }
    }

    public static final class FailingScheduler extends FirstComeScheduler {
        /** The trials whose end the scheduler heard of, with the iteration of the result it was told. */
        static final Map<String, Long> COMPLETED = new ConcurrentHashMap<>();

        @Override
        public void onTrialComplete(RunnerView runner, TrialView trial, Result result) {
            COMPLETED.put(trial.id(), result.trainingIteration());
            super.onTrialComplete(runner, trial, result);
        }

        @Override
        public Decision onTrialResult(RunnerView runner, TrialView trial, Result result) {
            if (failsNow(Component.SCHEDULER, result)) {
                throw new IllegalStateException("boom");
            }
            return super.onTrialResult(runner, trial, result);
        }
    }

    public static final class FailingStopper implements Stopper {
        @Override
        public boolean shouldStop(String trialId, Result result) {
            if (failsNow(Component.STOPPER, result)) {
                throw new IllegalStateException("boom");
            }
            return result.trainingIteration() >= ITERATIONS;
        }
    }

    public static final class FailingCallback implements Callback {
        @Override
        public void onTrialResult(TrialView trial, Result result) {
            if (failsNow(Component.CALLBACK, result)) {
                throw new IllegalStateException("boom");
            }
        }
    }

    private Path dir() {
        return storage.toAbsolutePath().resolve("exp");
    }

    /** Up to four trials of CountingTrainable (value = x * iteration), two at a time, checkpointing every second iteration. */
    private Tuner experiment() {
        return Tuner.of(CountingTrainable.class).name("exp").storagePath(storage).seed(1).numSamples(4).progress(false)
                .machineResources(Runs.TWO_CPUS).checkpoint(CheckpointPolicy.every(2));
    }

    /** The same components again, as a restored experiment needs them. */
    private static Tuner withComponents(Tuner tuner) {
        return tuner.searcher(new FailingSearcher()).scheduler(new FailingScheduler()).stop(new FailingStopper()).callbacks(new FailingCallback());
    }

    @ParameterizedTest
    @EnumSource(Component.class)
    void aFailingComponentStopsTheExperimentNamedAndItsSavedStateResumesToTheEnd(Component component) throws IOException {
        FAILING.set(component);
        ComponentException e = assertThrows(ComponentException.class, () -> withComponents(experiment()).fit());
        String role = component.name().toLowerCase(java.util.Locale.ROOT);
        String type = switch (component) {
            case SEARCHER -> SampleLimit.class.getName() + "(" + FailingSearcher.class.getName() + ")";
            case SCHEDULER -> FailingScheduler.class.getName();
            case STOPPER -> FailingStopper.class.getName();
            case CALLBACK -> FailingCallback.class.getName();
        };
        String method = component == Component.STOPPER ? "shouldStop" : "onTrialResult";
        assertTrue(e.getMessage().startsWith("the " + role + " " + type + " failed in " + method + ": java.lang.IllegalStateException: boom"), e.getMessage());
        assertEquals("boom", e.getCause().getMessage());
        ExperimentState saved = ExperimentState.read(dir().resolve(ExperimentState.FILE));
        assertTrue(saved.trials().stream().anyMatch(t -> t.status() != TrialStatus.TERMINATED), "the state was saved with work left");

        ResultGrid grid = withComponents(Tuner.restore(dir(), CountingTrainable.class)).fit();

        assertEquals(4, grid.size());
        assertTrue(CountingTrainable.RESTORES.get() > 0, "a trial continued from its checkpoint");
        for (TrialOutcome trial : grid.trials()) {
            assertEverythingLoggedOnce(trial, ITERATIONS);
        }
    }

    /** TERMINATED, with iterations 1..n once each in its history, result.json and progress.csv, and value = x * iteration. */
    private static void assertEverythingLoggedOnce(TrialOutcome trial, int iterations) throws IOException {
        List<Long> expected = LongStream.rangeClosed(1, iterations).boxed().toList();
        assertEquals(TrialStatus.TERMINATED, trial.status(), trial.name());
        List<Result> logged = JsonLoggerCallback.readResults(trial.dir());
        assertEquals(expected, logged.stream().map(Result::trainingIteration).toList(), trial.name() + ": result.json");
        assertEquals(expected, FlakyTrainableTest.csvIterations(trial.dir()), trial.name() + ": progress.csv");
        assertEquals(expected, trial.history().stream().map(Result::trainingIteration).toList(), trial.name() + ": history");
        double x = trial.config().getDouble("x");
        for (Result r : logged) {
            assertEquals(x * r.trainingIteration(), r.getDouble("value"), trial.name() + " at iteration " + r.trainingIteration());
        }
    }

    private static final List<Config> ONE_FAILS_AT_THREE = List.of(Config.of(Map.of("x", 1.0, "failAtStep", 3)), Config.of(Map.of("x", 2.0)),
            Config.of(Map.of("x", 3.0)));

    private Tuner failingOnce(Tuner tuner) {
        return tuner.searcher(new ListSearcher(ONE_FAILS_AT_THREE)).scheduler(new FirstComeScheduler()).stop(StopAt.iteration(5));
    }

    @ParameterizedTest
    @EnumSource(ResumeMode.class)
    void erroredTrialsStayContinueOrStartOverAsTheResumeModeSays(ResumeMode mode) throws IOException {
        ResultGrid first = failingOnce(experiment()).fit();
        assertEquals(TrialStatus.ERROR, first.get(0).status());
        assertEquals(List.of(1L, 2L), first.get(0).history().stream().map(Result::trainingIteration).toList());
        CountingTrainable.SETUPS.set(0);
        CountingTrainable.RESTORES.set(0);

        ResultGrid grid = failingOnce(Tuner.restore(dir(), CountingTrainable.class)).resume(mode).fit();

        TrialOutcome errored = grid.get(0);
        for (int i = 1; i < 3; i++) {
            assertEverythingLoggedOnce(grid.get(i), 5);
        }
        switch (mode) {
            case UNFINISHED -> {
                assertEquals(TrialStatus.ERROR, errored.status());
                assertEquals(1, errored.numFailures());
                assertEquals(List.of(1L, 2L), JsonLoggerCallback.readResults(errored.dir()).stream().map(Result::trainingIteration).toList());
                assertEquals(0, CountingTrainable.SETUPS.get(), "nothing ran again");
            }
            case ERRORED -> {
                assertEverythingLoggedOnce(errored, 5);
                assertEquals(1, errored.numFailures(), "the failure count is kept");
                assertEquals(1, CountingTrainable.RESTORES.get(), "it continued from checkpoint_000002");
                assertEquals(1L, errored.history().get(2).get(Result.ITERATIONS_SINCE_RESTORE));
            }
            case RESTART_ERRORED -> {
                assertEverythingLoggedOnce(errored, 5);
                assertEquals(0, errored.numFailures(), "a new start");
                assertEquals(0, CountingTrainable.RESTORES.get(), "it started from scratch");
                assertTrue(errored.history().stream().allMatch(r -> ((Number) r.get(Result.ITERATIONS_SINCE_RESTORE)).longValue() == r.trainingIteration()));
                assertEquals(1, failuresInErrorFile(errored.dir()), "error.txt keeps the earlier failure");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = FailFast.class, names = {"STOP", "RAISE"})
    void anExperimentEndedByFailFastResumesItsErroredAndPendingTrials(FailFast failFast) throws IOException {
        Tuner first = failingOnce(experiment()).maxConcurrentTrials(1).failFast(failFast);
        if (failFast == FailFast.RAISE) {
            IllegalStateException e = assertThrows(IllegalStateException.class, first::fit);
            assertEquals("planned failure at step 3", e.getMessage(), "RAISE rethrows the trainable's exception");
        } else {
            ResultGrid grid = first.fit();
            assertEquals(TrialStatus.ERROR, grid.get(0).status());
            assertEquals(0, grid.numTerminated(), "the experiment stopped at the first error");
        }
        assertTrue(ExperimentState.read(dir().resolve(ExperimentState.FILE)).runner().stopped());

        ResultGrid grid = failingOnce(Tuner.restore(dir(), CountingTrainable.class)).resume(ResumeMode.ERRORED).fit();

        for (TrialOutcome trial : grid.trials()) {
            assertEverythingLoggedOnce(trial, 5);
        }
    }

    @Test
    void theFailureCountIsKeptAcrossAResume() throws IOException {
        List<Config> failsAtFive = List.of(Config.of(Map.of("x", 1.0, "failAtStep", 5)));
        Tuner first = experiment().searcher(new ListSearcher(failsAtFive)).stop(StopAt.iteration(8)).maxFailures(1)
                .callbacks(new Callback() {
                    @Override
                    public void onTrialResult(TrialView trial, Result result) {
                        if (result.trainingIteration() == 6) {
                            throw new IllegalStateException("interrupted after the first failure");
                        }
                    }
                });
        assertThrows(ComponentException.class, first::fit);
        ExperimentState saved = ExperimentState.read(dir().resolve(ExperimentState.FILE));
        assertEquals(1, saved.trials().get(0).numFailures());

        CountingTrainable.FAILED.clear();
        ResultGrid grid = Tuner.restore(dir(), CountingTrainable.class).searcher(new ListSearcher(failsAtFive)).stop(StopAt.iteration(8)).fit();

        TrialOutcome trial = grid.get(0);
        assertEquals(TrialStatus.ERROR, trial.status(), "its second failure exceeds maxFailures = 1: the first one still counts");
        assertEquals(2, trial.numFailures());
        assertEquals(2, failuresInErrorFile(trial.dir()));
    }

    @Test
    void aCheckpointThatCannotBeRestoredErrorsItsTrialAfterItsRetriesAndTheOthersFinish() throws IOException {
        FAILING.set(Component.CALLBACK);
        assertThrows(ComponentException.class, () -> withComponents(experiment()).fit());
        ExperimentState saved = ExperimentState.read(dir().resolve(ExperimentState.FILE));
        ExperimentState.TrialState broken = saved.trials().get(1);
        assertFalse(broken.checkpoints().isEmpty(), "the second trial has a checkpoint to resume from");
        Path checkpoint = Path.of(broken.checkpoints().get(broken.checkpoints().size() - 1).path());
        Files.writeString(checkpoint.resolve("state.txt"), "not a number");

        ResultGrid grid = withComponents(Tuner.restore(dir(), CountingTrainable.class)).maxFailures(1).fit();

        TrialOutcome trial = grid.get(1);
        assertEquals(TrialStatus.ERROR, trial.status());
        assertEquals(2, trial.numFailures(), "the first try and one retry, both from the unreadable checkpoint");
        assertTrue(trial.errorTrace().contains("NumberFormatException"), trial.errorTrace());
        assertEquals(2, failuresInErrorFile(trial.dir()));
        for (int i : new int[] {0, 2, 3}) {
            assertEverythingLoggedOnce(grid.get(i), ITERATIONS);
        }
    }

    /** Runs the experiment to its end, then makes its state say the second trial still runs (as a kill before the last snapshot leaves it); returns that trial's state. */
    private ObjectNode finishedExperimentWithSecondTrialSavedRunning() throws IOException {
        withComponents(experiment()).fit();
        Path file = dir().resolve(ExperimentState.FILE);
        ObjectMapper json = new ObjectMapper();
        ObjectNode state = (ObjectNode) json.readTree(file.toFile());
        ObjectNode second = (ObjectNode) state.path("trials").get(1);
        second.put("status", TrialStatus.RUNNING.name());
        json.writeValue(file.toFile(), state);
        return second;
    }

    /** A trial whose end came after the last snapshot (a kill) stays TERMINATED, and the restored scheduler hears of its end. */
    @Test
    void aTrialFinishedAfterTheLastSnapshotIsReportedCompleteToTheRestoredScheduler() throws IOException {
        ObjectNode second = finishedExperimentWithSecondTrialSavedRunning();
        String id = second.path("trial_id").asText();
        FailingScheduler.COMPLETED.clear();
        int setups = CountingTrainable.SETUPS.get();

        ResultGrid grid = withComponents(Tuner.restore(dir(), CountingTrainable.class)).fit();

        assertEquals(Map.of(id, (long) ITERATIONS), FailingScheduler.COMPLETED, "the end the scheduler hears of: that trial's, at its final result");
        assertEquals(setups, CountingTrainable.SETUPS.get(), "no trial set up again");
        assertEquals(TrialStatus.TERMINATED, grid.get(1).status());
        assertEverythingLoggedOnce(grid.get(1), ITERATIONS);
    }

    /** A kill between the two loggers' writes of a trial's last results: result.json holds them, progress.csv not yet. */
    @Test
    void aTrialFinishedAfterTheLastSnapshotHasItsLaggingProgressFileCompleted() throws IOException {
        ObjectNode second = finishedExperimentWithSecondTrialSavedRunning();
        Path csv = dir().resolve(second.path("name").asText()).resolve("progress.csv");
        List<String> lines = Files.readAllLines(csv);
        Files.write(csv, lines.subList(0, lines.size() - 2)); // the header and all but the last two results

        ResultGrid grid = withComponents(Tuner.restore(dir(), CountingTrainable.class)).fit();

        assertEverythingLoggedOnce(grid.get(1), ITERATIONS);
    }

    @Test
    void foldersWrittenAfterTheLastSnapshotAreRemovedOnResume() throws IOException {
        FAILING.set(Component.CALLBACK);
        assertThrows(ComponentException.class, () -> withComponents(experiment()).fit());
        ExperimentState saved = ExperimentState.read(dir().resolve(ExperimentState.FILE));
        Path trialDir = dir().resolve(saved.trials().get(1).name());
        Path stray = Files.createDirectories(trialDir.resolve("checkpoint_000099"));
        Path halfDeleted = Files.createDirectories(trialDir.resolve(".deleting_checkpoint_000001"));
        Path unknownTrial = Files.createDirectories(dir().resolve("CountingTrainable_" + saved.runner().trialIdPrefix() + "_00099_99_x=9"));
        Path userFolder = Files.createDirectories(dir().resolve("notes"));

        withComponents(Tuner.restore(dir(), CountingTrainable.class)).fit();

        assertFalse(Files.exists(stray), "a checkpoint the state does not track");
        assertFalse(Files.exists(halfDeleted), "a checkpoint set aside for deletion");
        assertFalse(Files.exists(unknownTrial), "the folder of a trial begun after the last snapshot");
        assertTrue(Files.isDirectory(userFolder), "a folder not named as this experiment's trials stays");
    }

    @Test
    void aFreshRunIntoAFolderHoldingAnExperimentIsRefusedAndChangesNothing() throws IOException {
        withComponents(experiment()).fit();
        Map<Path, String> before = contents(dir());

        TuneException e = assertThrows(TuneException.class, () -> withComponents(experiment()).fit());

        assertTrue(e.getMessage().contains("the experiment folder " + dir() + " holds an experiment already"), e.getMessage());
        assertTrue(e.getMessage().contains("Tuner.restore(") && e.getMessage().contains("another Tuner.name(...)"), e.getMessage());
        assertEquals(before, contents(dir()));
    }

    @Test
    void aMissingTruncatedOrCorruptedStateIsAnErrorNamingTheFileAndNothingIsOverwritten() throws IOException {
        Path file = dir().resolve(ExperimentState.FILE);
        TuneException missing = assertThrows(TuneException.class, () -> Tuner.restore(dir(), CountingTrainable.class));
        assertTrue(missing.getMessage().contains(file.toString()) && missing.getMessage().contains("no experiment to resume"), missing.getMessage());

        withComponents(experiment()).fit();
        String whole = Files.readString(file);
        for (String broken : List.of(whole.substring(0, whole.length() / 2), "\u0000\u0001garbage", "[1, 2]")) {
            Files.writeString(file, broken);
            Map<Path, String> before = contents(dir());
            TuneException e = assertThrows(TuneException.class, () -> withComponents(Tuner.restore(dir(), CountingTrainable.class)).fit());
            assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
            assertTrue(e.getMessage().contains("truncated or corrupted") || e.getMessage().contains("not a JSON object"), e.getMessage());
            assertEquals(before, contents(dir()), "nothing is overwritten");
        }
    }

    @Test
    void aStorageFolderThatCannotBeWrittenIsAnErrorBeforeAnyTrialStarts() throws IOException {
        Path regularFile = Files.writeString(storage.resolve("a-file"), "");
        RecordingCallback callback = new RecordingCallback();
        TuneException underAFile = assertThrows(TuneException.class,
                () -> withComponents(experiment()).storagePath(regularFile.resolve("results")).callbacks(callback).fit());
        assertTrue(underAFile.getMessage().contains("cannot lock the experiment folder " + regularFile.resolve("results").resolve("exp"))
                && underAFile.getMessage().contains("choose a writable Tuner.storagePath"), underAFile.getMessage());

        Files.createDirectories(dir().resolve("." + ExperimentState.FILE + ".tmp").resolve("in-the-way"));
        TuneException blocked = assertThrows(TuneException.class, () -> withComponents(experiment()).callbacks(callback).fit());
        assertTrue(blocked.getMessage().contains("cannot write the experiment state " + dir().resolve(ExperimentState.FILE)), blocked.getMessage());

        assertEquals(0, CountingTrainable.CREATED.get(), "no trial started");
        assertTrue(callback.events.stream().noneMatch(event -> event.startsWith("start ")), callback.events.toString());
    }

    private static long failuresInErrorFile(Path trialDir) throws IOException {
        Path file = trialDir.resolve(ErrorFileCallback.ERROR_FILE);
        return Files.exists(file) ? Files.readAllLines(file).stream().filter(l -> l.startsWith("Failure # ")).count() : 0;
    }

    /** Every file under {@code dir} with its content. */
    private static Map<Path, String> contents(Path dir) throws IOException {
        Map<Path, String> all = new TreeMap<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                all.put(dir.relativize(f), new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1));
            }
        }
        return all;
    }
}
