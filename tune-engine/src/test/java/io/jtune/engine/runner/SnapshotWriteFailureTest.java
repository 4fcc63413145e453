package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.output.JsonLoggerCallback;
import io.jtune.engine.runner.state.ExperimentState;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.spec.ResumeMode;
import io.jtune.engine.testing.CountingTrainable;
import io.jtune.engine.testing.Runs;
import io.jtune.engine.testing.StopAt;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
/**
 * The experiment snapshot itself cannot be written (a full disk; here its temporary file's name is
 * taken by a folder, a real I/O error): the run goes on, ends with an error naming the state file,
 * and a resume keeps the trials begun after the last good snapshot with their results and
 * checkpoints: finished ones are not run again, unfinished ones continue from their latest
 * checkpoint on disk.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class SnapshotWriteFailureTest {
    /** Four values of x, each once failing at its third step (so it ends unfinished) and once running to the end. */
    private static final SearchSpace SPACE = SearchSpace.builder().grid("x", 1.0, 2.0, 3.0, 4.0).grid("failAtStep", 3, -1).build();
    private static final int TRIALS = 8;

    @TempDir
    Path storage;

    /** From the start of the 4th trial on, every write of experiment_state.json fails. */
    private static final class SnapshotsFailFromTheFourthStart implements Callback {
        private final AtomicInteger starts = new AtomicInteger();

        @Override
        public void onTrialStart(TrialView trial) {
            if (starts.incrementAndGet() == 4) {
                Path temp = trial.localDir().getParent().resolve("." + ExperimentState.FILE + ".tmp");
                while (!Files.isDirectory(temp)) {
                    try {
                        Files.deleteIfExists(temp); // the file of a snapshot being written now
                        Files.createDirectory(temp);
                    } catch (FileAlreadyExistsException | NoSuchFileException raced) {
                        // the snapshot being written renamed or recreated it meanwhile: try again
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            }
        }
    }

    /** Runs the experiment with snapshots failing from the 4th trial start; checks the error and returns the experiment folder. */
    private Path runWithFailingSnapshots() throws IOException {
        CountingTrainable.resetCounters();
        Path dir = storage.resolve("exp");
        Tuner first = Tuner.of(CountingTrainable.class).name("exp").storagePath(storage).space(SPACE).stop(StopAt.iteration(4))
                .checkpoint(CheckpointPolicy.every(1)).maxConcurrentTrials(2).snapshotPeriod(Duration.ZERO).machineResources(Runs.TWO_CPUS)
                .progress(false).seed(1).callbacks(new SnapshotsFailFromTheFourthStart());
        TuneException failure = assertThrows(TuneException.class, first::fit);
        assertTrue(failure.getMessage().contains(dir.resolve(ExperimentState.FILE).toString()), failure.getMessage());
        int known = ExperimentState.read(dir.resolve(ExperimentState.FILE)).trials().size();
        assertTrue(known < TRIALS, "the last good state was written before the last trials began: it lists " + known);
        Files.delete(dir.resolve("." + ExperimentState.FILE + ".tmp"));
        return dir;
    }

    private ResultGrid resume(Path dir) {
        return Tuner.restore(dir, CountingTrainable.class).space(SPACE).stop(StopAt.iteration(4)).resume(ResumeMode.ERRORED)
                .machineResources(Runs.TWO_CPUS).progress(false).fit();
    }

    @Test
    void trialsBegunAfterTheLastGoodSnapshotKeepTheirResultsAndCheckpointsOnResume() throws IOException {
        Path dir = runWithFailingSnapshots();

        Map<String, byte[]> firstResults = new HashMap<>();
        int unfinished = 0;
        for (Path trialDir : trialDirs(dir)) {
            List<Result> results = JsonLoggerCallback.readResults(trialDir);
            firstResults.put(trialDir.getFileName().toString(), Files.readAllBytes(trialDir.resolve(JsonLoggerCallback.RESULT_FILE)));
            if (!results.get(results.size() - 1).done()) {
                unfinished++;
                assertTrue(Files.isDirectory(trialDir.resolve("checkpoint_000002")), trialDir + " has its checkpoint before the failure");
            }
        }
        assertEquals(TRIALS, firstResults.size(), "every trial ran in the first run");
        assertEquals(TRIALS / 2, unfinished);

        CountingTrainable.SETUPS.set(0);
        CountingTrainable.RESTORES.set(0);
        ResultGrid grid = resume(dir);

        assertEquals(TRIALS, grid.trials().size());
        for (TrialOutcome t : grid.trials()) {
            assertEquals(TrialStatus.TERMINATED, t.status(), t.name());
            byte[] before = firstResults.get(t.dir().getFileName().toString());
            byte[] after = Files.readAllBytes(t.dir().resolve(JsonLoggerCallback.RESULT_FILE));
            assertArrayEquals(before, Arrays.copyOf(after, before.length), t.name() + ": the results written in the first run are kept as they were");
            List<Long> iterations = JsonLoggerCallback.readResults(t.dir()).stream().map(Result::trainingIteration).toList();
            assertEquals(LongStream.rangeClosed(1, 4).boxed().toList(), iterations, t.name() + ": each iteration once");
        }
        assertEquals(unfinished, CountingTrainable.SETUPS.get(), "only the unfinished trials ran again");
        assertEquals(unfinished, CountingTrainable.RESTORES.get(), "each continued from its checkpoint on disk, not from scratch");
    }

    /** A folder whose params.json is not the config the resumed searcher suggests again for its id (an unseeded searcher) is kept, with its config. */
    @Test
    void aTrialFolderWhoseConfigIsNotSuggestedAgainIsKeptWithItsConfig() throws IOException {
        Path dir = runWithFailingSnapshots();
        Path unlisted = lastFolderTheStateDoesNotList(dir);
        Path params = unlisted.resolve(JsonLoggerCallback.PARAMS_FILE);
        String edited = Files.readString(params).replaceFirst("\"x\": [0-9.]+", "\"x\": 9.0");
        assertTrue(edited.contains("\"x\": 9.0"), edited);
        Files.writeString(params, edited);
        byte[] before = Files.readAllBytes(unlisted.resolve(JsonLoggerCallback.RESULT_FILE));

        ResultGrid grid = resume(dir);

        assertEquals(TRIALS, grid.trials().size(), "the folder took the place of the trial the searcher suggested again");
        TrialOutcome kept = grid.trials().stream().filter(t -> t.dir().equals(unlisted)).findFirst().orElseThrow();
        assertEquals(TrialStatus.TERMINATED, kept.status());
        assertEquals(9.0, kept.config().getDouble("x"), "the trial keeps the config its folder holds");
        byte[] after = Files.readAllBytes(unlisted.resolve(JsonLoggerCallback.RESULT_FILE));
        assertArrayEquals(before, Arrays.copyOf(after, before.length), "its results are kept");
        assertEquals(LongStream.rangeClosed(1, 4).boxed().toList(),
                JsonLoggerCallback.readResults(unlisted).stream().map(Result::trainingIteration).toList());
    }

    /**
     * A new trial's params.json is written in place, so a kill can leave it empty or cut short (and
     * no result of the trial written yet): a folder whose params.json is the beginning of the config
     * the resumed searcher suggests again is that trial, and its params.json is completed.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 7})
    void aParamsJsonCutShortByAKillIsCompletedFromTheConfigSuggestedAgain(int keptBytes) throws IOException {
        Path dir = runWithFailingSnapshots();
        Path unlisted = lastFolderTheStateDoesNotList(dir);
        Path params = unlisted.resolve(JsonLoggerCallback.PARAMS_FILE);
        byte[] whole = Files.readAllBytes(params);
        Files.write(params, Arrays.copyOf(whole, keptBytes));
        byte[] before = Files.readAllBytes(unlisted.resolve(JsonLoggerCallback.RESULT_FILE));

        ResultGrid grid = resume(dir);

        assertEquals(TRIALS, grid.trials().size());
        TrialOutcome kept = grid.trials().stream().filter(t -> t.dir().equals(unlisted)).findFirst().orElseThrow();
        assertEquals(TrialStatus.TERMINATED, kept.status());
        assertArrayEquals(whole, Files.readAllBytes(params), "params.json holds the whole config again");
        assertArrayEquals(whole, JsonLoggerCallback.paramsJson(kept.config()), "the trial has the config its folder was begun with");
        byte[] after = Files.readAllBytes(unlisted.resolve(JsonLoggerCallback.RESULT_FILE));
        assertArrayEquals(before, Arrays.copyOf(after, before.length), "its results are kept");
    }

    /** A params.json that is neither a config nor the beginning of the one suggested again is an error naming the file; nothing is deleted. */
    @Test
    void aCorruptParamsJsonIsAnErrorNamingItAndItsFolderIsKept() throws IOException {
        Path dir = runWithFailingSnapshots();
        Path unlisted = lastFolderTheStateDoesNotList(dir);
        Path params = unlisted.resolve(JsonLoggerCallback.PARAMS_FILE);
        Files.writeString(params, "{\"x\": [");

        TuneException error = assertThrows(TuneException.class, () -> resume(dir));

        assertTrue(error.getMessage().contains(params.toString()) && error.getMessage().contains("repair or remove it"), error.getMessage());
        assertTrue(Files.exists(unlisted.resolve(JsonLoggerCallback.RESULT_FILE)), "the folder's results are kept");
    }

    private static Path lastFolderTheStateDoesNotList(Path dir) throws IOException {
        Set<String> listed = ExperimentState.read(dir.resolve(ExperimentState.FILE)).trials().stream().map(ExperimentState.TrialState::name)
                .collect(Collectors.toSet());
        return trialDirs(dir).stream().filter(p -> !listed.contains(p.getFileName().toString()))
                .max(Comparator.comparing(p -> p.getFileName().toString())).orElseThrow();
    }

    private static List<Path> trialDirs(Path experiment) throws IOException {
        try (Stream<Path> entries = Files.list(experiment)) {
            return entries.filter(p -> Files.isDirectory(p) && !p.getFileName().toString().startsWith(".")).toList();
        }
    }
}
