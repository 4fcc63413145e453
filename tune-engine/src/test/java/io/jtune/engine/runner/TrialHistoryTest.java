package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Result;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.testing.CountingTrainable;
import io.jtune.engine.testing.Runs;
import io.jtune.engine.testing.StopAt;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The driver keeps only a trial's last result; the history comes back from result.json, or from the compact copy without files. */
class TrialHistoryTest {
    @TempDir
    Path storage;

    /** Every result the callbacks saw, by trial id. */
    private static final class Reported implements Callback {
        final Map<String, List<Result>> results = new LinkedHashMap<>();

        @Override
        public void onTrialResult(TrialView trial, Result result) {
            results.computeIfAbsent(trial.id(), id -> new ArrayList<>()).add(result);
        }
    }

    private ResultGrid fit(boolean outputFiles, Reported reported) {
        return Runs.quiet(Tuner.of(CountingTrainable.class), storage).numSamples(4).stop(StopAt.iteration(7))
                .outputFiles(outputFiles).callbacks(reported).fit();
    }

    @Test
    void aHistoryReadBackFromTheFilesEqualsWhatWasReported() {
        Reported reported = new Reported();
        ResultGrid grid = fit(true, reported);
        assertEquals(4, grid.size());
        for (TrialOutcome t : grid.trials()) {
            List<Result> expected = reported.results.get(t.id());
            assertEquals(7, expected.size());
            assertEquals(expected, t.history(),
                    t.name() + ": read back from " + t.dir().resolve("result.json"));
            assertEquals(expected.get(6), t.lastResult());
        }
    }

    @Test
    void withoutFilesTheCompactHistoryEqualsWhatWasReportedAndNothingIsWritten() throws IOException {
        Reported reported = new Reported();
        ResultGrid grid = fit(false, reported);
        for (TrialOutcome t : grid.trials()) {
            assertEquals(reported.results.get(t.id()), t.history(), t.name());
        }
        try (Stream<Path> written = Files.list(storage)) {
            assertEquals(List.of(), written.toList(), "with output files off and no checkpoints, no folder and no experiment_state.json");
        }
    }

    @Test
    void withFilesTheTrialFoldersExistWhenTrialsStart() {
        List<Boolean> folderAtStart = new ArrayList<>();
        Callback atStart = new Callback() {
            @Override
            public void onTrialStart(TrialView trial) {
                folderAtStart.add(Files.isDirectory(trial.localDir()));
            }
        };
        ResultGrid grid = Runs.quiet(Tuner.of(CountingTrainable.class), storage).numSamples(2).stop(StopAt.iteration(1))
                .outputFiles(true).callbacks(atStart).fit();
        assertEquals(List.of(true, true), folderAtStart);
        assertTrue(Files.exists(grid.experimentDir().resolve("experiment_state.json")));
        assertFalse(grid.get(0).history().isEmpty());
    }
}
