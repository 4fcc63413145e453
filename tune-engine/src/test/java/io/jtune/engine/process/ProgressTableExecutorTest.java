package io.jtune.engine.process;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.engine.exec.ExecutorFactory;
import io.jtune.engine.Tuner;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The progress table a run prints names what runs its trials and counts them against the total. */
class ProgressTableExecutorTest {
    @TempDir
    Path storage;

    /** What {@code tuner} prints on stdout while it runs. */
    private static String printed(Tuner tuner) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            tuner.fit();
        } finally {
            System.setOut(stdout);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theTableSaysWhetherThreadsOrWorkerProcessesRunTheTrials() {
        String threads = printed(Tuner.of(AshaDescent.class).executor(ExecutorFactory.threads()).storagePath(storage).name("threads"));
        assertTrue(threads.contains(" CPUs in use, trials on threads in this JVM" + System.lineSeparator()), threads);
        assertTrue(threads.contains(" done / 0 running / 0 pending of 8 ("), "the final table counts against the 8 samples: " + threads);

        String processes = printed(Tuner.of(AshaDescent.class).executor(ProcessExecutorFaultsTest.FAST_START.executor())
                .storagePath(storage).name("processes"));
        assertTrue(Pattern.compile(" CPUs in use, trials on ([1-9][0-9]* )?worker process(es)?" + System.lineSeparator()).matcher(processes).find(), processes);
    }
}
