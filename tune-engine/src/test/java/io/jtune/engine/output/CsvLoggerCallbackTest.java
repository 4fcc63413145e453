package io.jtune.engine.output;

import static io.jtune.engine.output.JsonLoggerCallbackTest.result;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.engine.TestTrialView;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvLoggerCallbackTest {
    @TempDir
    Path experimentDir;

    private final CsvLoggerCallback csv = new CsvLoggerCallback();

    private TestTrialView trial() {
        return new TestTrialView("t1", Config.of(Map.of("lr", 0.01)).with("model/units", 64), experimentDir).status(TrialStatus.RUNNING);
    }

    @Test
    void flattensTheFirstResultIntoTheHeaderAndKeepsItsColumns() throws IOException {
        TestTrialView trial = trial();
        csv.onTrialStart(trial);
        csv.onTrialResult(trial, result("training_iteration", 1, "loss", 0.5, "ok", true, "note", "a,\"b\"", "eval/acc", 0.75,
                "nested", Map.of("x", 1)));
        csv.onTrialResult(trial, result("training_iteration", 2, "loss", Double.NaN, "ok", false, "nested", Map.of("x", 2),
                "new", 7, "eval/acc", Double.NEGATIVE_INFINITY));
        csv.onTrialComplete(trial);
        csv.flush(); // the writer thread writes the completed trial's rows; flush waits for it

        assertEquals(List.of(
                "training_iteration,loss,ok,note,eval/acc,nested/x,config/lr,config/model/units",
                "1,0.5,True,\"a,\"\"b\"\"\",0.75,1,0.01,64",
                "2,nan,False,,-inf,2,0.01,64"),
                Files.readAllLines(trial.localDir().resolve("progress.csv")));
    }

    /** Trials that report the same keys share their columns; one with other keys gets its own, and the next like the first gets the first's again. */
    @Test
    void eachTrialsHeaderIsItsFirstResultsKeysWhateverTheTrialBeforeReported() throws IOException {
        TestTrialView a = new TestTrialView("a", Config.of(Map.of("lr", 0.1)), experimentDir).status(TrialStatus.RUNNING);
        TestTrialView b = new TestTrialView("b", Config.of(Map.of("lr", 0.2)), experimentDir).status(TrialStatus.RUNNING);
        TestTrialView c = new TestTrialView("c", Config.of(Map.of("lr", 0.3)), experimentDir).status(TrialStatus.RUNNING);
        TestTrialView d = new TestTrialView("d", Config.of(Map.of("lr", 0.4)), experimentDir).status(TrialStatus.RUNNING);
        csv.onTrialResult(a, result("loss", 1.0, "acc", 0.5));
        csv.onTrialResult(b, result("acc", 0.6, "loss", 2.0));
        csv.onTrialResult(c, result("loss", 3.0, "acc", 0.7));
        csv.onTrialResult(d, result("loss/x", 4.0));
        csv.onTrialResult(b, result("acc", 0.8, "loss", 2.5));
        csv.onTrialResult(a, result("loss", 1.5, "acc", 0.9));
        csv.onExperimentEnd(List.of(a, b, c, d));

        assertEquals(List.of("loss,acc,config/lr", "1.0,0.5,0.1", "1.5,0.9,0.1"), Files.readAllLines(a.localDir().resolve("progress.csv")));
        assertEquals(List.of("acc,loss,config/lr", "0.6,2.0,0.2", "0.8,2.5,0.2"), Files.readAllLines(b.localDir().resolve("progress.csv")));
        assertEquals(List.of("loss,acc,config/lr", "3.0,0.7,0.3"), Files.readAllLines(c.localDir().resolve("progress.csv")));
        assertEquals(List.of("loss/x,config/lr", "4.0,0.4"), Files.readAllLines(d.localDir().resolve("progress.csv")));
    }

    @Test
    void floatsAreWrittenInTheShortestDigitsThatReadBackAsTheSameValue() throws IOException {
        TestTrialView trial = trial();
        SplittableRandom random = new SplittableRandom(23);
        List<Double> values = new ArrayList<>(List.of(1e23, 0.1, -0.0, 1e-5, 123456.789, Double.MIN_VALUE, Double.MAX_VALUE));
        for (int i = 0; i < 2000; i++) {
            values.add(Double.longBitsToDouble(random.nextLong()));
        }
        values.removeIf(d -> d.isNaN() || d.isInfinite());
        for (double d : values) {
            csv.onTrialResult(trial, result("x", d, "f", (float) d, "text", "é€😀"));
        }
        csv.onExperimentEnd(List.of(trial));

        List<String> rows = Files.readAllLines(trial.localDir().resolve("progress.csv"), StandardCharsets.UTF_8);
        assertEquals("1.0E23,1.0E23,é€😀,0.01,64", rows.get(1), "Java 17's Double.toString wrote 9.999999999999999E22");
        for (int i = 0; i < values.size(); i++) {
            List<String> cells = CsvFormat.parseRecord(rows.get(i + 1));
            double d = values.get(i);
            assertEquals(d, Double.parseDouble(cells.get(0)), "read back as the same double");
            assertTrue(cells.get(0).length() <= Double.toString(d).length(), () -> cells.get(0) + " is longer than " + d);
            assertEquals(Float.isInfinite((float) d) ? ((float) d > 0 ? "inf" : "-inf") : cells.get(1), cells.get(1));
            assertEquals((float) d, Float.isInfinite((float) d) ? (float) d : Float.parseFloat(cells.get(1)), "read back as the same float");
        }
    }

    @Test
    void takesTheConfigFromTheResultWhenItCarriesOne() throws IOException {
        TestTrialView trial = trial();
        csv.onTrialResult(trial, result("i", 1, "config", Config.of(Map.of("lr", 0.5))));
        csv.onExperimentEnd(List.of(trial));

        assertEquals(List.of("i,config/lr", "1,0.5"), Files.readAllLines(trial.localDir().resolve("progress.csv")));
    }

    @Test
    void aResumedTrialAppendsUnderTheExistingHeaderWithoutRepeatingIt() throws IOException {
        TestTrialView trial = trial();
        Files.createDirectories(trial.localDir());
        Path file = trial.localDir().resolve("progress.csv");
        Files.writeString(file, "loss,\"odd,name\",config/model/units,training_iteration\n0.9,,64,1\n");

        csv.onTrialStart(trial);
        csv.onTrialResult(trial, result("training_iteration", 2, "extra", 1, "loss", 0.8, "odd,name", "v"));
        csv.onExperimentEnd(List.of(trial));

        assertEquals(List.of("loss,\"odd,name\",config/model/units,training_iteration", "0.9,,64,1", "0.8,v,64,2"), Files.readAllLines(file));
    }

    @Test
    void continuingFromEarlierResultsKeepsTheRowsBeforeThemAndWritesTheMissingOnes() throws IOException {
        TestTrialView trial = trial();
        Files.createDirectories(trial.localDir());
        Path file = trial.localDir().resolve("progress.csv");
        Files.writeString(file, "training_iteration,note\n1,\"two\nlines\"\n2,b\n3,c\n4,\"cut");
        List<Result> history = List.of(result("training_iteration", 1, "note", "two\nlines"), result("training_iteration", 2, "note", "b"));

        csv.continueFrom(trial, history);
        csv.onExperimentEnd(List.of(trial));
        assertEquals("training_iteration,note\n1,\"two\nlines\"\n2,b\n", Files.readString(file),
                "a line break inside quotes stays in its row; rows after the results and the partly written one are cut");

        Files.writeString(file, "training_iteration,note\n1,\"two\nlines\"\n");
        csv.continueFrom(trial, history);
        csv.onTrialResult(trial, result("training_iteration", 3, "note", "c"));
        csv.onExperimentEnd(List.of(trial));
        assertEquals("training_iteration,note\n1,\"two\nlines\"\n2,b\n3,c\n", Files.readString(file), "the row lost before a flush is written again");

        csv.continueFrom(trial, List.of());
        csv.onTrialResult(trial, result("training_iteration", 1, "other", 5));
        csv.onExperimentEnd(List.of(trial));
        assertEquals("training_iteration,other,config/lr,config/model/units\n1,5,0.01,64\n", Files.readString(file),
                "a trial starting over gets a new header from its first result");
    }
}
