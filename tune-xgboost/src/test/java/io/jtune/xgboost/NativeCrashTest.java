package io.jtune.xgboost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.TrialStatus;
import io.jtune.api.space.SearchSpace;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.process.ProcessOptions;
import io.jtune.engine.stop.Stoppers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A trial whose XGBoost native code crashes its worker JVM fails alone; the other trials finish. */
class NativeCrashTest {
    @TempDir
    Path storage;

    @Test
    void aNativeCrashFailsOnlyItsTrialInTheProcessExecutor() throws Exception {
        ProcessOptions options = ProcessOptions.defaults().withJvmOptions("-XX:ErrorFile=" + storage.resolve("hs_err_pid%p.log"),
                "-XX:-CreateCoredumpOnCrash");
        ResultGrid grid = Tuner.of(CrashesNatively.class)
                .space(SearchSpace.builder().grid(CrashesNatively.CRASH, false, true, false).build())
                .executor(options.executor())
                .stop(Stoppers.maximumIteration(5))
                .storagePath(storage).progress(false).fit();
        assertEquals(2, grid.numTerminated(), grid.toString());
        assertEquals(1, grid.numErrors(), grid.toString());
        for (TrialOutcome trial : grid.trials()) {
            boolean crashed = (Boolean) trial.config().get(CrashesNatively.CRASH);
            assertEquals(crashed ? TrialStatus.ERROR : TrialStatus.TERMINATED, trial.status(), trial.toString());
            assertEquals(crashed ? 2 : 5, trial.history().size(), trial.toString());
        }
        TrialOutcome crashed = grid.errors().get(0);
        assertTrue(crashed.errorTrace() != null && !crashed.errorTrace().isBlank(), "the error names the lost worker: " + crashed);
        try (Stream<Path> files = Files.list(storage)) {
            assertTrue(files.anyMatch(f -> f.getFileName().toString().startsWith("hs_err_pid")),
                    "the worker JVM died in native code, leaving its crash report: " + crashed.errorTrace());
        }
    }
}
