package io.jtune.engine.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;

class FallbackLoggingTest {

    @Test
    void withAProviderOnTheClassPathSlf4jIsLeftAlone() {
        // this module's tests have Logback
        FallbackLogging.install();
        assertNull(System.getProperty(FallbackLogging.PROVIDER_PROPERTY));
    }

    @Test
    void theFallbackPrintsWarningsAndErrorsOneLineEachAndNothingBelow() {
        Logger log = new StderrServiceProvider().getLoggerFactory().getLogger("io.jtune.engine.runner.TrialRunner");
        String printed = standardErrorOf(() -> {
            log.info("trial {} started", 1);
            log.debug("details");
            log.warn("trial {} errored", "T_00001");
            log.error("experiment failed", new IllegalStateException("boom"));
        });

        String[] lines = printed.split("\\R");
        assertEquals("[jtune WARN] TrialRunner: trial T_00001 errored", lines[0]);
        assertEquals("[jtune ERROR] TrialRunner: experiment failed", lines[1]);
        assertEquals("java.lang.IllegalStateException: boom", lines[2]);
        assertTrue(!printed.contains("started") && !printed.contains("details"), printed);
    }

    @Test
    void theLevelPropertyRaisesOrQuietsTheFallback() {
        try {
            System.setProperty(FallbackLogging.LEVEL_PROPERTY, "info");
            Logger verbose = new StderrServiceProvider().getLoggerFactory().getLogger("a.B");
            assertEquals("[jtune INFO] B: hello\n", standardErrorOf(() -> verbose.info("hello")).replace("\r", ""));
            System.setProperty(FallbackLogging.LEVEL_PROPERTY, "off");
            Logger silent = new StderrServiceProvider().getLoggerFactory().getLogger("a.C");
            assertEquals("", standardErrorOf(() -> silent.error("not shown")));
        } finally {
            System.clearProperty(FallbackLogging.LEVEL_PROPERTY);
        }
    }

    private static String standardErrorOf(Runnable run) {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            run.run();
        } finally {
            System.setErr(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
