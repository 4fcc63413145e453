package io.jtune.report.bench;

import io.jtune.report.BrowserProbe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * How long headless Chromium takes to show a report of 100, 1,000 and 10,000 trials (50
 * iterations each): the render time of the file and the page's time from navigation to its first
 * complete draw (median of 5 loads each). Run from the repository root:
 * {@code mvn -q -pl tune-report -am test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test}, then
 * {@code java -cp tune-report/target/test-classes:tune-report/target/classes:$(cat tune-report/target/cp.txt) io.jtune.report.bench.ReportLoadBenchmark}
 */
public final class ReportLoadBenchmark {
    private static final int LOADS = 5;

    private ReportLoadBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("jtune-report-bench");
        System.out.println("trials  file MB  render ms  page load ms (median of " + LOADS + ")");
        for (int trials : new int[] {100, 1_000, 10_000}) {
            Path file = dir.resolve("report-" + trials + ".html");
            long start = System.nanoTime();
            BrowserProbe.writeSynthetic(trials, 50, file);
            double renderMillis = (System.nanoTime() - start) / 1e6;
            double[] loads = BrowserProbe.loadMillis(file, dir.resolve("profile-" + trials), LOADS);
            Arrays.sort(loads);
            System.out.printf(Locale.ROOT, "%6d  %7.1f  %9.0f  %12.0f%n", trials, Files.size(file) / 1e6, renderMillis, loads[LOADS / 2]);
        }
    }
}
