package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.output.JsonLoggerCallback;
import io.jtune.engine.runner.state.ExperimentState;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.testing.CountingTrainable;
import io.jtune.engine.testing.Runs;
import io.jtune.engine.testing.StopAt;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
/** An I/O error while results are written (a full disk) stops the run with its state saved; the resume keeps what was written. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class IoFailureResumeTest {
    private static final SearchSpace SPACE = SearchSpace.builder().grid("x", 1.0, 2.0).build();

    @TempDir
    Path storage;

    /**
     * Fails like a full disk when the first trial to get there reports iteration 4, so that trial has
     * checkpoints and logged results to resume from whatever the other trial's progress.
     */
    private static final class DiskFullAtResult implements Callback {
        private boolean failed;

        @Override
        public void onTrialResult(TrialView trial, Result result) {
            if (!failed && result.trainingIteration() == 4) {
                failed = true;
                throw new UncheckedIOException(new java.io.IOException("No space left on device"));
            }
        }
    }

    @Test
    void theRunStopsWithItsStateSavedAndTheResumeKeepsEveryWrittenResultAndCheckpoint() {
        CountingTrainable.resetCounters();
        Tuner first = Tuner.of(CountingTrainable.class).name("exp").storagePath(storage).space(SPACE).stop(StopAt.iteration(6))
                .checkpoint(CheckpointPolicy.every(1)).machineResources(Runs.TWO_CPUS).progress(false).seed(1).callbacks(new DiskFullAtResult());
        RuntimeException failure = assertThrows(RuntimeException.class, first::fit);
        assertTrue(String.valueOf(failure.getMessage()).contains("No space left on device"), String.valueOf(failure.getMessage()));
        ExperimentState state = ExperimentState.read(storage.resolve("exp").resolve(ExperimentState.FILE));
        assertEquals(2, state.trials().size(), "the state saved at the failure knows both trials");
        long written = state.trials().stream().mapToLong(t -> JsonLoggerCallback.readResults(storage.resolve("exp").resolve(t.name())).size()).sum();
        assertTrue(written >= 3, "results were written before the failure: " + written);

        ResultGrid grid = Tuner.restore(storage.resolve("exp"), CountingTrainable.class).space(SPACE).stop(StopAt.iteration(6))
                .machineResources(Runs.TWO_CPUS).progress(false).fit();
        for (TrialOutcome t : grid.trials()) {
            assertEquals(TrialStatus.TERMINATED, t.status());
            List<Long> iterations = JsonLoggerCallback.readResults(t.dir()).stream().map(Result::trainingIteration).toList();
            assertEquals(LongStream.rangeClosed(1, 6).boxed().toList(), iterations, t.name() + ": each iteration once");
        }
        assertTrue(CountingTrainable.RESTORES.get() >= 1, "the resumed trials continued from their checkpoints rather than from scratch");
    }
}
