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
    void appendsEachFailureWithANumberedDatedHeaderAndItsStackTrace() throws IOException {
        TestTrialView trial = new TestTrialView("t1", Config.empty(), experimentDir);
        ErrorFileCallback errors = new ErrorFileCallback(clock);

        errors.onTrialError(trial, new IllegalStateException("boom"));
        errors.onTrialError(trial, new RuntimeException("again", new ArithmeticException("cause")));
        new ErrorFileCallback(clock).onTrialError(trial, new Error("after a restart"));

        List<String> lines = Files.readAllLines(trial.localDir().resolve("error.txt"));
        List<String> headers = lines.stream().filter(l -> l.startsWith("Failure")).toList();
        assertEquals(List.of("Failure # 1 (occurred at 2024-03-05_06-07-08)", "Failure # 2 (occurred at 2024-03-05_06-07-08)",
                "Failure # 3 (occurred at 2024-03-05_06-07-08)"), headers);
        assertEquals("java.lang.IllegalStateException: boom", lines.get(1));
        assertTrue(lines.get(2).startsWith("\tat io.jtune.engine.output.ErrorFileCallbackTest."), lines.get(2));
        assertTrue(lines.contains("Caused by: java.lang.ArithmeticException: cause"), "the cause's trace is there too");
        assertEquals("java.lang.Error: after a restart", lines.get(lines.indexOf(headers.get(2)) + 1));
    }
}
