package io.jtune.maven.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.ConfigurationKeys;
import io.jtune.api.Expect;
import io.jtune.api.Param;
import io.jtune.api.Result;
import io.jtune.api.Samples;
import io.jtune.api.Seed;
import io.jtune.api.Step;
import io.jtune.api.Stop;
import io.jtune.api.Trainable;
import io.jtune.api.TuneException;
import io.jtune.api.Uniform;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.Tuner;
import io.jtune.engine.runner.state.ExperimentFolders;
import io.jtune.engine.runner.state.ExperimentState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The batch on the real engine, in this test's class loader (the isolation itself is covered by the ITs). */
class ExperimentBatchTest {

    @TempDir
    Path storage;

    private final List<String> infos = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private final ExperimentBatch batch = new ExperimentBatch(infos::add, (message, cause) -> warnings.add(message + ": " + cause));

    @Trainable(metric = "score", mode = "max")
    @Samples(3)
    @Seed(5)
    @Stop(iterations = 2)
    @Expect(atLeast = 0)
    static class Passing {
        @Param
        @Uniform(min = 0, max = 1)
        double level;

        @Step
        Map<String, Object> step() {
            return Map.of("score", level);
        }
    }

    @Trainable(metric = "score", mode = "max")
    @Samples(2)
    @Stop(iterations = 1)
    @Expect(atLeast = 2)
    static class FallsShort {
        @Step
        double step() {
            return 0.5;
        }
    }

    @Trainable
    @Samples(2)
    static class Throws {
        @Step
        Map<String, Object> step() {
            throw new IllegalStateException("broken on purpose");
        }
    }

    @Test
    void aPassingExperimentIsSummarisedAndFailsNothing() {
        List<String> failures = batch.run(List.of(Passing.class.getName()), settings(Map.of(ConfigurationKeys.SAMPLES, "2")));

        assertEquals(List.of(), failures);
        assertEquals("jtune: experiment Passing (" + Passing.class.getName() + ")", infos.get(0));
        assertEquals("  trials:          2 TERMINATED", infos.get(1));
        assertTrue(infos.get(2).matches("  best trial:      Passing_\\w+_\\d+_\\d+_level=[0-9.]+: score = [0-9.E-]+ \\(max, last result\\)"), infos.get(2));
        assertTrue(infos.get(3).startsWith("  best config:     level="), infos.get(3));
        assertTrue(infos.get(4).startsWith("  best checkpoint: none"), infos.get(4));
        assertEquals("  results in:      " + latest("Passing"), infos.get(5));
        assertEquals(2, folders(latest("Passing")).size());
    }

    @Test
    void reportsOneFailurePerExperimentWithEachReason() {
        List<String> failures = batch.run(List.of(FallsShort.class.getName(), Throws.class.getName(), Passing.class.getName()),
                settings(Map.of()));

        assertEquals(2, failures.size(), failures.toString());
        assertTrue(failures.get(0).matches("FallsShort: @Expect\\(metric = \"score\", atLeast = 2\\.0\\) missed: the best trial FallsShort_\\S+"
                + " \\(best by score, max\\) ended with score = 0\\.5, below the threshold 2\\.0"), failures.get(0));
        assertTrue(failures.get(1).startsWith("Throws: 2 of 2 trials ended in ERROR; the first, Throws_"), failures.get(1));
        assertTrue(failures.get(1).contains("failed 1 time with java.lang.IllegalStateException: broken on purpose"), failures.get(1));
        assertTrue(infos.contains("  trials:          2 ERROR"), infos.toString());
        assertTrue(infos.contains("  best trial:      none (no metric declared: set @Trainable(metric = ..., mode = ...))"), infos.toString());
        // the failing experiments did not stop the one after them
        assertEquals(3, folders(latest("Passing")).size());
    }

    @Test
    void aReRunIsANewDatedExperimentNextToTheEarlierOneWhichStaysAsItWas() throws Exception {
        assertEquals(List.of(), batch.run(List.of(Passing.class.getName()), settings(Map.of())));
        Path first = latest("Passing");
        String firstState = Files.readString(first.resolve(ExperimentState.FILE));

        assertEquals(List.of(), batch.run(List.of(Passing.class.getName()), settings(Map.of())), "a re-run needs no mvn clean");

        Path second = latest("Passing");
        assertNotEquals(first, second);
        assertTrue(second.getFileName().toString().matches("Passing_\\d{4}-\\d\\d-\\d\\d_\\d\\d-\\d\\d-\\d\\d(_2)?"), second.toString());
        assertEquals(firstState, Files.readString(first.resolve(ExperimentState.FILE)));
        assertEquals(3, folders(second).size());
    }

    @Test
    void resumeContinuesAnInterruptedExperimentWithTheSamplesAndSeedItStartedWith() throws IOException {
        Callback interrupt = new Callback() {
            int results;

            @Override
            public void onTrialResult(TrialView trial, Result result) {
                if (++results == 3) {
                    throw new IllegalStateException("interrupted");
                }
            }
        };
        Tuner interrupted = Tuner.of(Passing.class).storagePath(storage).progress(false).callbacks(interrupt);
        assertThrows(TuneException.class, interrupted::fit);
        Path dir = latest("Passing");

        List<String> failures = batch.run(List.of(Passing.class.getName()), settings(Map.of(ConfigurationKeys.RESUME, "true", ConfigurationKeys.SEED, "99")));

        assertEquals(List.of(), failures);
        assertTrue(infos.contains("  resuming " + dir + " (jtune.resume=unfinished)"), infos.toString());
        assertTrue(infos.contains("  jtune.samples and jtune.seed are ignored: a resumed experiment keeps those it started with"), infos.toString());
        assertTrue(infos.contains("  trials:          3 TERMINATED"), infos.toString());
        assertEquals(dir, latest("Passing"), "no new experiment");
        for (Path trial : folders(dir)) {
            assertEquals(2, Files.readAllLines(trial.resolve("result.json")).size(), trial + " logged its two iterations once");
        }
    }

    @Test
    void resumingAnExperimentThatNeverRanStartsIt() {
        List<String> failures = batch.run(List.of(Passing.class.getName()), settings(Map.of(ConfigurationKeys.RESUME, "true")));

        assertEquals(List.of(), failures);
        assertTrue(infos.contains("  no experiment Passing_<date> to resume in " + storage + ": starting a new one"), infos.toString());
        assertEquals(3, folders(latest("Passing")).size());
    }

    @Test
    void theResumeModeDecidesWhetherErroredTrialsRunAgainAndWithWhichFailureCount() {
        List<String> failures = batch.run(List.of(Throws.class.getName()), settings(Map.of()));
        assertTrue(failures.get(0).contains("failed 1 time with"), failures.get(0));

        failures = batch.run(List.of(Throws.class.getName()), settings(Map.of(ConfigurationKeys.RESUME, "true")));
        assertTrue(failures.get(0).contains("failed 1 time with"), "unfinished: errored trials stay as they are: " + failures.get(0));

        failures = batch.run(List.of(Throws.class.getName()), settings(Map.of(ConfigurationKeys.RESUME, "errored")));
        assertTrue(failures.get(0).contains("failed 2 times with"), "errored: they run again, keeping their count: " + failures.get(0));

        failures = batch.run(List.of(Throws.class.getName()), settings(Map.of(ConfigurationKeys.RESUME, "restart_errored")));
        assertTrue(failures.get(0).contains("failed 1 time with"), "restart_errored: they start over: " + failures.get(0));
        assertEquals(List.of(), warnings);
    }

    /** The experiment of {@code name} that began last. */
    private Path latest(String name) {
        return ExperimentFolders.latest(storage, name).orElseThrow(() -> new AssertionError("no experiment " + name + " in " + storage));
    }

    private Map<String, String> settings(Map<String, String> more) {
        Map<String, String> all = new HashMap<>(more);
        all.put(ConfigurationKeys.STORAGE, storage.toString());
        all.put(ConfigurationKeys.QUIET, "true");
        return all;
    }

    private static List<Path> folders(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
