package io.jtune.engine.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.engine.TestTrialView;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ErrorFileCallbackTest {
    @TempDir
    Path experimentDir;

    private final Clock clock = Clock.fixed(Instant.parse("2024-03-05T06:07:08Z"), ZoneOffset.UTC);

    @Test
    void keepsTheFirstAndTheLatestFailureWithANumberedDatedHeaderAndCountsThoseBetween() throws IOException {
        TestTrialView trial = new TestTrialView("t1", Config.empty(), experimentDir);
        ErrorFileCallback errors = new ErrorFileCallback(clock);

        errors.onTrialError(trial, new IllegalStateException("boom"));
        errors.onTrialError(trial, new RuntimeException("again", new ArithmeticException("cause")));
        List<String> two = Files.readAllLines(trial.localDir().resolve("error.txt"));
        assertTrue(two.contains("Caused by: java.lang.ArithmeticException: cause"), "the cause's trace is there too");
        new ErrorFileCallback(clock).onTrialError(trial, new Error("after a restart"));

        List<String> lines = Files.readAllLines(trial.localDir().resolve("error.txt"));
        List<String> headers = lines.stream().filter(l -> l.startsWith("Failure")).toList();
        assertEquals(List.of("Failure # 1 (occurred at 2024-03-05_06-07-08)", "Failure # 3 (occurred at 2024-03-05_06-07-08)"), headers);
        assertEquals("java.lang.IllegalStateException: boom", lines.get(1));
        assertTrue(lines.get(2).startsWith("\tat io.jtune.engine.output.ErrorFileCallbackTest."), lines.get(2));
        assertTrue(lines.contains("(not kept: 1 failure(s) between # 1 and # 3; error.txt keeps the first and the latest)"), lines.toString());
        assertEquals("java.lang.Error: after a restart", lines.get(lines.indexOf(headers.get(1)) + 1));
    }

    @Test
    void aTrialFailingThousandsOfTimesWithDeepTracesKeepsABoundedFile() throws IOException {
        TestTrialView trial = new TestTrialView("t1", Config.empty(), experimentDir);
        ErrorFileCallback errors = new ErrorFileCallback(clock);
        RuntimeException deep = new RuntimeException("deep");
        deep.setStackTrace(java.util.stream.IntStream.range(0, 5000)
                .mapToObj(i -> new StackTraceElement("a.B", "m" + i, "B.java", i)).toArray(StackTraceElement[]::new));
        for (int i = 1; i <= 2000; i++) {
            errors.onTrialError(trial, i % 2 == 0 ? deep : new IllegalStateException("failure " + i));
        }
        Path file = trial.localDir().resolve("error.txt");
        assertTrue(Files.size(file) < 2L * ErrorFileCallback.MAX_TRACE_CHARS + 1000, "error.txt has " + Files.size(file) + " bytes");
        String text = Files.readString(file);
        assertTrue(text.startsWith("Failure # 1 (occurred at 2024-03-05_06-07-08)\njava.lang.IllegalStateException: failure 1\n"), text.substring(0, 200));
        assertTrue(text.contains("(not kept: 1998 failure(s) between # 1 and # 2000; error.txt keeps the first and the latest)"));
        assertTrue(text.contains("Failure # 2000 (occurred at 2024-03-05_06-07-08)\njava.lang.RuntimeException: deep\n"));
        assertTrue(text.contains("(trace cut at " + ErrorFileCallback.MAX_TRACE_CHARS + " characters)"));
        assertTrue(Files.notExists(file.resolveSibling("error.txt.tmp")));
    }
}
