package io.jtune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.engine.ResultGrid;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The report as a reader sees it at a desktop's and a laptop's window size: every chart's text
 * (drawn with ECharts' SVG renderer, so each label is an element with a box) lies inside its chart
 * and no two labels overlap; the parallel coordinates draw {@code @Choice} integers on a category
 * axis and a log-uniform parameter on a log axis; the settings read as names and dates; the
 * checkpoint column shows whole. Screenshots go to {@code target/screenshots}.
 */
class ReportLayoutInBrowserTest extends ChromiumTest {
    /** Every chart's text outside its chart or overlapping another text of that chart, as sentences. */
    private static final String CLIPPED_TEXT = """
            (function () {
              var found = [];
              ['curves', 'history', 'parallel', 'importance'].forEach(function (id) {
                var chart = document.getElementById(id), box = chart.getBoundingClientRect();
                var texts = Array.from(chart.querySelectorAll('svg text')).filter(function (t) {
                  return t.textContent.trim() !== '' && t.getBoundingClientRect().width > 0 && t.getAttribute('opacity') !== '0';
                }).map(function (t) { return { text: t.textContent, r: t.getBoundingClientRect() }; });
                if (texts.length === 0) { found.push(id + ': no text drawn'); }
                texts.forEach(function (a, i) {
                  if (a.r.left < box.left - 0.5 || a.r.right > box.right + 0.5 || a.r.top < box.top - 0.5 || a.r.bottom > box.bottom + 0.5) {
                    found.push(id + ': "' + a.text + '" is cut by the chart\\'s edge');
                  }
                  texts.slice(i + 1).forEach(function (b) {
                    var w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
                    var h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
                    if (w > 1 && h > 1) { found.push(id + ': "' + a.text + '" overlaps "' + b.text + '"'); }
                  });
                });
              });
              return found;
            })()""";

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"1400, 1000", "1280, 800"})
    void everyChartsTextFitsItsChartAndNoLabelsOverlap(int width, int height) throws Exception {
        ResultGrid grid = SampleExperiments.run(storage, "mlp", 4);
        Path report = grid.experimentDir().resolve(Reports.FILE);
        try (HeadlessChromium chrome = chromium()) {
            chrome.call("Emulation.setDeviceMetricsOverride", new ObjectMapper().createObjectNode()
                    .put("width", width).put("height", height).put("deviceScaleFactor", 1).put("mobile", false));
            chrome.open(report.toUri() + "?renderer=svg");
            chrome.awaitTrue("the report to render", "document.getElementById('jtune-status').dataset.rendered === 'true'");
            chrome.screenshot(SCREENSHOTS.resolve("report-" + width + "x" + height + ".png"));
            chrome.eval("window.scrollTo(0, document.getElementById('trials').getBoundingClientRect().top + window.scrollY - 10)");
            chrome.screenshot(SCREENSHOTS.resolve("report-" + width + "x" + height + "-tables.png"));
            assertEquals(List.of(), chrome.errors, "console errors and exceptions");

            assertEquals(List.of(), strings(chrome.eval(CLIPPED_TEXT)), "text cut or overlapping at " + width + "x" + height);

            JsonNode axes = chrome.eval("echarts.getInstanceByDom(document.getElementById('parallel')).getOption().parallelAxis"
                    + ".map(a => a.name + ' ' + a.type + ' ' + (a.data || []).join(','))");
            assertEquals(List.of("fail category false,true", "lr log ", "units category 16,64,256", "loss value "), strings(axes),
                    "@Choice integers on a category axis in numeric order, the log-uniform rate on a log axis");
            JsonNode colourBar = chrome.eval("Array.from(document.querySelectorAll('#parallel svg text')).map(t => t.textContent)"
                    + ".filter(t => /^loss [0-9.]+$/.test(t) || /^[0-9.]+$/.test(t)).length");
            assertTrue(colourBar.asInt() >= 2, "the colour bar shows its values");

            JsonNode settings = chrome.eval("Array.from(document.querySelectorAll('#settings tr')).map(tr => tr.cells[0].textContent + ' = ' + tr.cells[1].textContent)");
            List<String> rows = strings(settings);
            assertTrue(rows.contains("trials at once = as resources allow"), rows.toString());
            assertTrue(rows.contains("scheduler = AsyncHyperBandScheduler"), rows.toString());
            assertTrue(rows.stream().noneMatch(r -> r.contains("_") || r.startsWith("runner.") || r.startsWith("settings.") || r.contains("[]")),
                    "readable names, no raw keys or empty lists: " + rows);
            assertTrue(rows.stream().anyMatch(r -> r.matches("saved at = \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}")), "a date, not seconds: " + rows);

            assertTrue(chrome.eval("document.getElementById('trials').offsetWidth <= document.querySelector('.table-wrap').clientWidth").asBoolean(),
                    "the trials table, checkpoint column included, fits the window's width");
            JsonNode checkpoints = chrome.eval("Array.from(document.querySelectorAll('#trials tbody td.checkpoint')).filter(td => td.textContent !== '')"
                    + ".map(td => td.textContent === 'checkpoint_000012' && td.title.startsWith('/') && td.title.endsWith('/' + td.textContent))");
            int ranToTheEnd = chrome.eval("document.querySelectorAll('#trials tbody tr.state-done').length").asInt();
            assertTrue(ranToTheEnd > 0);
            assertEquals(ranToTheEnd, checkpoints.size(), "a checkpoint for each trial that ran to its end: " + checkpoints);
            checkpoints.forEach(c -> assertTrue(c.asBoolean(), "the checkpoint folder shown whole, its whole path the tooltip"));
        }
        Path resultJson;
        try (var files = Files.walk(grid.experimentDir())) {
            resultJson = files.filter(f -> f.getFileName().toString().equals("result.json")).findFirst().orElseThrow();
        }
        assertEquals(PosixFilePermissions.toString(Files.getPosixFilePermissions(resultJson)), PosixFilePermissions.toString(Files.getPosixFilePermissions(report)),
                "report.html is written with the same mode as the experiment's other files");
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
