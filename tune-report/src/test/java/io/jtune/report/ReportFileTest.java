package io.jtune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.api.TuneException;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportFileTest {
    private static final Pattern DATA = Pattern.compile("<script type=\"application/json\" id=\"jtune-data\">(.*?)</script>", Pattern.DOTALL);
    private static final ObjectMapper JSON = Json.mapper();

    @TempDir
    Path storage;

    static JsonNode data(Path report) throws IOException {
        Matcher m = DATA.matcher(Files.readString(report));
        assertTrue(m.find(), "the report " + report + " embeds its data");
        return JSON.readTree(m.group(1));
    }

    @Test
    void everyExperimentWithTuneReportOnTheClassPathWritesASelfContainedReport() throws IOException {
        ResultGrid grid = SampleExperiments.run(storage, "mlp", 4);
        Path report = grid.experimentDir().resolve(Reports.FILE);
        assertTrue(Files.isRegularFile(report), "report.html in the experiment folder");
        String html = Files.readString(report);
        assertTrue(html.contains("Content-Security-Policy\" content=\"default-src 'none'"), "the page may request nothing");
        assertTrue(html.contains("Apache") && html.contains("echarts"), "ECharts is inlined");
        assertFalse(Pattern.compile("<script[^>]+src=|<link[^>]+href=").matcher(html).find(), "no external script or style");

        JsonNode data = data(report);
        assertEquals(12, data.path("trials").size());
        assertEquals("loss", data.path("metric").asText());
        int errored = 0;
        for (JsonNode t : data.path("trials")) {
            if (t.path("state").asText().equals("error")) {
                errored++;
                assertEquals("java.lang.IllegalStateException: diverged at iteration 2", t.path("error").asText());
                assertEquals(1, t.path("curve").size(), "an errored trial keeps its results");
            } else {
                assertEquals(t.path("iters").asInt(), t.path("curve").get(t.path("curve").size() - 1).get(0).asInt(), "curves end at the last iteration");
            }
        }
        assertEquals(4, errored);
        assertTrue(data.path("settings").path("scheduler").path("type").asText().contains("AsyncHyperBand"), "settings name the scheduler");
        assertEquals(3, data.path("importance").size(), "an importance per parameter (fail, lr, units)");
    }

    @Test
    void aReportRendersFromAnyExperimentFolderAndFromAGrid() throws IOException {
        ResultGrid grid = SampleExperiments.tuner(storage, "plain", 2).outputFiles(true).fit();
        Path fromFolder = Reports.write(grid.experimentDir(), storage.resolve("out/folder.html"));
        Path fromGrid = Reports.write(grid, storage.resolve("out/grid.html"));
        assertEquals(data(fromFolder).path("trials").size(), data(fromGrid).path("trials").size());
        assertEquals(data(fromFolder).path("settings"), data(fromGrid).path("settings"));
    }

    @Test
    void aFolderWithoutAnExperimentIsNamedInTheError() throws IOException {
        Path empty = Files.createDirectories(storage.resolve("nothing-here"));
        TuneException e = assertThrows(TuneException.class, () -> Reports.write(empty, storage.resolve("r.html")));
        assertTrue(e.getMessage().contains(empty.toString()) && e.getMessage().contains("experiment_state.json"), e.getMessage());
        assertFalse(Files.exists(storage.resolve("r.html")));
    }

    @Test
    void curvesAreDownsampledKeepingTheirEnds() {
        java.util.List<io.jtune.api.Result> history = new java.util.ArrayList<>();
        for (int i = 1; i <= 1000; i++) {
            history.add(io.jtune.api.Result.of(java.util.Map.of("training_iteration", i, "loss", 1.0 / i)));
        }
        JsonNode curve = ReportModel.curve(history, "loss", 20);
        assertEquals(20, curve.size());
        assertEquals(1, curve.get(0).get(0).asInt());
        assertEquals(1000, curve.get(19).get(0).asInt());
    }
}
