package io.jtune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The live dashboard of a running experiment in headless Chromium. */
class DashboardInBrowserTest extends ChromiumTest {
    @Test
    void theDashboardShowsATrialThatFinishesWhileItIsOpen() throws Exception {
        try (LiveExperiment live = new LiveExperiment(storage, 2);
             HeadlessChromium chrome = chromium()) {
            TuneServerTest.awaitRunning(live, 2);
            chrome.open(live.server.url().toString());
            chrome.awaitTrue("the dashboard to render", "document.getElementById('jtune-status').dataset.rendered === 'true'");
            assertEquals(2, chrome.eval("document.querySelectorAll('#trials tbody tr').length").asInt());
            assertEquals(2, chrome.eval("document.querySelectorAll('#trials tbody tr.state-running').length").asInt());

            String added = live.json(live.post("/api/trials", "{\"config\": {\"iters\": 5, \"offset\": 0.25}}")).path("id").asText();
            String row = "document.querySelector('#trials tbody tr[data-trial=\"" + added + "\"]')";
            chrome.awaitTrue("the added trial to show as finished", row + " !== null && " + row + ".className === 'state-done'");
            chrome.awaitTrue("its curve to be drawn", ReportInBrowserTest.drawnCurves() + " === 3");
            chrome.screenshot(SCREENSHOTS.resolve("dashboard.png"));

            assertEquals(List.of(), chrome.errors, "console errors and exceptions");
            String origin = live.server.baseUri().toString();
            assertTrue(chrome.requests.stream().allMatch(u -> u.startsWith(origin)), "requests only to the server: " + chrome.requests);
            assertTrue(chrome.requests.stream().anyMatch(u -> u.startsWith(origin + "api/report")), "the page fetched live data: " + chrome.requests);
            live.finish();
        }
    }
}
