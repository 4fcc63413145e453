package io.jtune.report;

import java.nio.file.Path;

/** What the benchmarks (another package) need of the report's package-private parts and of the browser harness. */
public final class BrowserProbe {
    private BrowserProbe() {
    }

    /** Writes the report of a synthetic experiment. */
    public static void writeSynthetic(int trials, int iterations, Path file) {
        Reports.write(SyntheticExperiments.of(trials, iterations, 1), file);
    }

    /** Opens {@code file} {@code loads} times and returns each load's time from navigation to the first complete draw. */
    public static double[] loadMillis(Path file, Path profile, int loads) throws Exception {
        double[] millis = new double[loads];
        try (HeadlessChromium chrome = new HeadlessChromium(HeadlessChromium.find().orElseThrow(
                () -> new IllegalStateException("chromium is not on the PATH (Debian: apt-get install -y chromium)")), java.nio.file.Files.createDirectories(profile))) {
            for (int i = 0; i < loads; i++) {
                chrome.open(file.toUri() + "?load=" + i);
                chrome.awaitTrue("the report to render", "document.getElementById('jtune-status').dataset.rendered === 'true'");
                millis[i] = chrome.eval("Number(document.getElementById('jtune-status').dataset.firstRenderMillis)").asDouble();
                if (!chrome.errors.isEmpty()) {
                    throw new IllegalStateException("the page reported errors: " + chrome.errors);
                }
            }
        }
        return millis;
    }
}
