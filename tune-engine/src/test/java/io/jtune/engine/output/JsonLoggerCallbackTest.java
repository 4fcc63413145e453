package io.jtune.engine.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.engine.TestTrialView;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonLoggerCallbackTest {
    @TempDir
    Path experimentDir;

    private final AtomicLong now = new AtomicLong();
    private final JsonLoggerCallback json = new JsonLoggerCallback(now::get);

    static Config config() {
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("units", 64);
        model.put("act", "relu");
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("lr", 0.01);
        c.put("model", model);
        c.put("flags", List.of(1, 2));
        c.put("b", true);
        return Config.of(c);
    }

    static Result result(Object... keysAndValues) {
        LinkedHashMap<String, Object> values = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            values.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return Result.wrap(values);
    }

    private TestTrialView trial() {
        return new TestTrialView("t1", config(), experimentDir).status(TrialStatus.RUNNING);
    }

    @Test
    void writesParamsAsPythonsJsonDumpWithSortedKeys() throws IOException {
        TestTrialView trial = trial();
        json.onTrialStart(trial);
        json.flush();

        assertEquals("""
                {
                  "b": true,
                  "flags": [
                    1,
                    2
                  ],
                  "lr": 0.01,
                  "model": {
                    "act": "relu",
                    "units": 64
                  }
                }""", Files.readString(trial.localDir().resolve("params.json")));
    }

    @Test
    void writesOneLinePerResultWithBareNonFiniteNumbersAndTheConfigNested() throws IOException {
        TestTrialView trial = trial();
        json.onTrialStart(trial);
        json.onTrialResult(trial, result("training_iteration", 1, "loss", Double.NaN, "up", Double.POSITIVE_INFINITY, "down", Double.NEGATIVE_INFINITY,
                "small", 1e-5f, "note", "say \"hi\"\n", "done", false, "config", Config.of(Map.of("lr", 0.5))));
        json.onTrialResult(trial, result("training_iteration", 2, "loss", 0.25, "nothing", null));
        json.onTrialComplete(trial);
        json.flush(); // the writer thread writes the completed trial's lines; flush waits for it

        assertEquals(List.of(
                "{\"training_iteration\":1,\"loss\":NaN,\"up\":Infinity,\"down\":-Infinity,\"small\":1.0E-5,\"note\":\"say \\\"hi\\\"\\n\",\"done\":false,\"config\":{\"lr\":0.5}}",
                "{\"training_iteration\":2,\"loss\":0.25,\"nothing\":null,\"config\":{\"lr\":0.01,\"model\":{\"units\":64,\"act\":\"relu\"},\"flags\":[1,2],\"b\":true}}"),
                Files.readAllLines(trial.localDir().resolve("result.json")));
    }

    @Test
    void aResumedTrialContinuesAfterItsCompleteResultsDroppingAPartlyWrittenLine() throws IOException {
        TestTrialView trial = trial();
        Files.createDirectories(trial.localDir());
        Path file = trial.localDir().resolve("result.json");
        Files.writeString(file, "{\"training_iteration\":1}\n{\"training_iteration\":2,\"cut");

        json.onTrialStart(trial);
        json.onTrialResult(trial, result("training_iteration", 3, "config", Config.empty()));
        json.onExperimentEnd(List.of(trial));

        assertEquals(List.of("{\"training_iteration\":1}", "{\"training_iteration\":3,\"config\":{}}"), Files.readAllLines(file),
                "an unfinished last line (a crash mid-write) is cut before the next result");
    }

    @Test
    void flushesAtMostOnceASecondAndWhenTheTrialEnds() throws IOException {
        TestTrialView trial = trial();
        Path file = trial.localDir().resolve("result.json");
        json.onTrialStart(trial);
        json.onTrialResult(trial, result("i", 1));
        now.set(TimeUnit.MILLISECONDS.toNanos(999));
        json.onTrialResult(trial, result("i", 2));
        assertEquals(0, linesOnceWritten(file, 0), "nothing handed to the writer within the first second: the file it creates stays empty");

        now.set(TimeUnit.MILLISECONDS.toNanos(1000));
        json.onTrialResult(trial, result("i", 3));
        assertEquals(3, linesOnceWritten(file, 3));

        json.onTrialResult(trial, result("i", 4));
        json.onTrialError(trial, new RuntimeException("x"));
        assertEquals(4, linesOnceWritten(file, 4), "handed over when the trial fails");
    }

    /** The file's line count once the writer thread wrote {@code lines} lines, or after a 10 s deadline. */
    private static int linesOnceWritten(Path file, int lines) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline && !(Files.exists(file) && Files.readAllLines(file).size() >= lines)) {
            Thread.onSpinWait();
        }
        return Files.exists(file) ? Files.readAllLines(file).size() : -1;
    }

    @Test
    void continuingFromEarlierResultsCutsTheLaterOnesAndWritesTheMissingOnes() throws IOException {
        TestTrialView trial = trial();
        Files.createDirectories(trial.localDir());
        Path file = trial.localDir().resolve("result.json");
        Files.writeString(file, "{\"training_iteration\":1}\n{\"training_iteration\":2}\n{\"training_iteration\":3}\n{\"training_iteration\":4,\"cu");
        List<Result> upToTwo = List.of(result("training_iteration", 1), result("training_iteration", 2));

        json.continueFrom(trial, upToTwo);
        json.onExperimentEnd(List.of(trial));
        assertEquals(List.of("{\"training_iteration\":1}", "{\"training_iteration\":2}"), Files.readAllLines(file),
                "the results after the checkpoint the trial restarts from are dropped, with the partly written line");

        Files.writeString(file, "{\"training_iteration\":1}\n");
        json.continueFrom(trial, upToTwo);
        json.onTrialResult(trial, result("training_iteration", 3));
        json.onExperimentEnd(List.of(trial));
        assertEquals(List.of("{\"training_iteration\":1}", "{\"training_iteration\":2,\"config\":{\"lr\":0.01,\"model\":{\"units\":64,\"act\":\"relu\"},\"flags\":[1,2],\"b\":true}}",
                "{\"training_iteration\":3,\"config\":{\"lr\":0.01,\"model\":{\"units\":64,\"act\":\"relu\"},\"flags\":[1,2],\"b\":true}}"),
                Files.readAllLines(file), "a result lost before a flush is written again from the trial's history");
    }

    @Test
    void resultsReadBackAsWrittenWithoutAPartlyWrittenLastLine() throws IOException {
        TestTrialView trial = trial();
        json.onTrialStart(trial);
        json.onTrialResult(trial, result("training_iteration", 1, "loss", Double.NaN, "n", 3, "config", config()));
        json.onTrialResult(trial, result("training_iteration", 2, "loss", 0.5, "n", 4));
        json.onExperimentEnd(List.of(trial));
        Files.writeString(trial.localDir().resolve("result.json"), "{\"training_", StandardOpenOption.APPEND);

        List<Result> read = JsonLoggerCallback.readResults(trial.localDir());

        assertEquals(2, read.size());
        assertEquals(1L, read.get(0).trainingIteration());
        assertEquals(Double.NaN, read.get(0).getDouble("loss"));
        assertEquals(config(), read.get(0).get(Result.CONFIG), "the config comes back as a Config");
        assertEquals(0.5, read.get(1).getDouble("loss"));
        assertEquals(List.of(), JsonLoggerCallback.readResults(experimentDir.resolve("no-such-trial")));
    }

    @Test
    void aLineThatIsNotAResultIsAnErrorNamingTheFileAndLine() throws IOException {
        Path dir = Files.createDirectories(experimentDir.resolve("t"));
        Files.writeString(dir.resolve("result.json"), "{\"training_iteration\":1}\nnot json\n");
        TuneException e = assertThrows(TuneException.class, () -> JsonLoggerCallback.readResults(dir));
        assertTrue(e.getMessage().startsWith("line 2 of " + dir.resolve("result.json") + " is not a result"), e.getMessage());
    }
}
