package io.jtune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.engine.ResultGrid;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Opens a real experiment's report.html from file:// in headless Chromium. */
class ReportInBrowserTest extends ChromiumTest {
    @Test
    void theReportDrawsEveryTrialWithoutAnyRequestOrError() throws Exception {
        ResultGrid grid = SampleExperiments.run(storage, "mlp", 4);
        Path report = grid.experimentDir().resolve(Reports.FILE);
        JsonNode data = ReportFileTest.data(report);
        try (HeadlessChromium chrome = chromium()) {
            String url = report.toUri().toString();
            chrome.open(url);
            chrome.awaitTrue("the report to render", "document.getElementById('jtune-status').dataset.rendered === 'true'");
            chrome.screenshot(SCREENSHOTS.resolve("report.png"));

            assertEquals(List.of(), chrome.errors, "console errors and exceptions");
            assertEquals(List.of(url), chrome.requests, "the page itself is the only request");
            assertEquals(12, chrome.eval("document.querySelectorAll('#trials tbody tr').length").asInt(), "a table row per trial");
            assertEquals(4, chrome.eval("document.querySelectorAll('#trials tbody tr.state-error').length").asInt(), "errored trials marked");
            int curves = 0;
            for (JsonNode t : data.path("trials")) {
                curves += t.path("curve").isEmpty() ? 0 : 1;
            }
            assertEquals(12, curves);
            assertEquals(curves, chrome.eval(drawnCurves()).asInt(), "a curve per trial with results, in the chart itself");
            assertEquals(curves, chrome.eval("Number(document.getElementById('jtune-status').dataset.curves)").asInt());
            assertEquals(12, chrome.eval("echarts.getInstanceByDom(document.getElementById('parallel')).getOption().series[0].data.length").asInt(),
                    "a parallel-coordinates line per trial with a value");

            chrome.eval("document.querySelectorAll('#trials th')[1].click()");
            JsonNode statuses = chrome.eval("Array.from(document.querySelectorAll('#trials tbody tr td:nth-child(2)')).map(td => td.textContent)");
            List<String> shown = new java.util.ArrayList<>();
            statuses.forEach(s -> shown.add(s.asText()));
            List<String> sorted = new java.util.ArrayList<>(shown);
            sorted.sort(String::compareTo);
            assertEquals(sorted, shown, "clicking the status header sorts the rows by status");
            assertTrue(Files.size(SCREENSHOTS.resolve("report.png")) > 10_000, "a screenshot with content");
        }
    }

    @Test
    void aReportOfThousandsOfTrialsDrawsThemAll() throws Exception {
        Path report = storage.resolve("large.html");
        Reports.write(SyntheticExperiments.of(2_000, 200, 3), report);
        try (HeadlessChromium chrome = chromium()) {
            chrome.open(report.toUri().toString());
            chrome.awaitTrue("the report to render", "document.getElementById('jtune-status').dataset.rendered === 'true'");
            chrome.screenshot(SCREENSHOTS.resolve("report-2000-trials.png"));
            assertEquals(List.of(), chrome.errors, "console errors and exceptions");
            assertEquals(1, chrome.requests.size(), "only the page itself: " + chrome.requests);
            assertEquals(2_000, chrome.eval("document.querySelectorAll('#trials tbody tr').length").asInt());
            assertEquals(2_000, chrome.eval(drawnCurves()).asInt());
            assertEquals(ReportModel.POINT_BUDGET / 2_000, chrome.eval("Math.max(...echarts.getInstanceByDom(document.getElementById('curves')).getOption()"
                    + ".series.filter(s => s.type === 'lines').flatMap(s => s.data.map(d => d.coords.length)))").asInt(), "curves downsampled to the budget");
        }
    }

    /** The number of trial polylines ECharts holds in its curves chart. */
    static String drawnCurves() {
        return "echarts.getInstanceByDom(document.getElementById('curves')).getOption().series"
                + ".filter(s => s.type === 'lines').reduce((n, s) => n + s.data.length, 0)";
    }
}
