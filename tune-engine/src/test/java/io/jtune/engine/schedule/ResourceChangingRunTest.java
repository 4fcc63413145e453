package io.jtune.engine.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.exec.ExecutorFactory;
import io.jtune.engine.process.ProcessOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ResourceChangingScheduler} through the Tuner: as short trials end, the long one is paused,
 * checkpointed and restarted with the freed CPUs, which its step sees; every iteration is logged
 * once with the state it restored; its new request is in the experiment state and a resume starts it
 * with it. On threads and in worker processes.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ResourceChangingRunTest {
    @TempDir
    Path storage;

    private Tuner tuner(double cpus, Object... lengths) {
        return Tuner.of(CpuCountingTrainable.class).storagePath(storage).name("rcs").progress(false).seed(3)
                .machineResources(new ResourceRequest(cpus, 0, 1L << 30, Map.of()))
                .space(SearchSpace.builder().grid("length", lengths).constant("wantCpus", cpus).build())
                .metric("score", Mode.MAX)
                .scheduler(new ResourceChangingScheduler(new FifoScheduler()));
    }

    @Test
    void onThreadsTheLastTrialGrowsToEveryFreedCpuWithoutLosingOrRepeatingAnIteration() throws IOException {
        ResultGrid grid = tuner(4, 1, 2, 3, 0).executor(ExecutorFactory.threads()).fit();
        TrialOutcome longOne = longTrial(grid);
        assertGrewTo(4, longOne);
        assertEachIterationOnceFromItsRestoredState(longOne);
        JsonNode saved = stateOf(longOne);
        assertEquals(4.0, saved.get("resources").get("cpu").asDouble(), "the changed request is saved with the trial: " + saved);
    }

    @Test
    void inWorkerProcessesTheTrialSeesItsNewCpus() throws IOException {
        ProcessOptions fastStart = ProcessOptions.defaults().withJvmOptions("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto");
        ResultGrid grid = tuner(2, 1, 0).executor(fastStart.executor()).fit();
        TrialOutcome longOne = longTrial(grid);
        assertGrewTo(2, longOne);
        assertEachIterationOnceFromItsRestoredState(longOne);
    }

    @Test
    void aResourceChangingAnnotatedClassWrapsItsSchedulerAndItsStepSeesTheNewCpus() throws IOException {
        Tuner tuner = Tuner.of(example.models.GrowsAlone.class).storagePath(storage).name("annotated").progress(false)
                .machineResources(new ResourceRequest(3, 0, 1L << 30, Map.of()));
        assertEquals("ResourceChangingScheduler over Using FIFO scheduling algorithm.", tuner.spec().scheduler().debugString());
        TrialOutcome longOne = longTrial(tuner.fit());
        assertGrewTo(3, longOne);
        assertEachIterationOnceFromItsRestoredState(longOne);
    }

    /** Ends the experiment (as a failing component does) at the first result of a trial on {@code cpus} CPUs, while it is running. */
    public static final class InterruptAtCpus implements Callback {
        static final AtomicBoolean ARMED = new AtomicBoolean();

        @Override
        public void onTrialResult(TrialView trial, Result result) {
            if (result.getDouble("cpus") >= 4 && ARMED.getAndSet(false)) {
                throw new IllegalStateException("interrupted for the test");
            }
        }
    }

    @Test
    void aResumedExperimentRestartsTheTrialWithItsChangedResources() throws IOException {
        InterruptAtCpus.ARMED.set(true);
        assertThrows(TuneException.class, () -> tuner(4, 1, 2, 3, 0).callbacks(new InterruptAtCpus()).fit());
        Path dir = storage.resolve("rcs");
        JsonNode interrupted = new ObjectMapper().readTree(dir.resolve("experiment_state.json").toFile());
        JsonNode running = findTrial(interrupted, "length=0");
        assertEquals("RUNNING", running.get("status").asText());
        assertEquals(4.0, running.get("resources").get("cpu").asDouble(), running.toString());

        ResultGrid grid = Tuner.restore(dir, CpuCountingTrainable.class).progress(false).machineResources(new ResourceRequest(4, 0, 1L << 30, Map.of()))
                .space(SearchSpace.builder().grid("length", 1, 2, 3, 0).constant("wantCpus", 4).build())
                .scheduler(new ResourceChangingScheduler(new FifoScheduler())).callbacks(new InterruptAtCpus()).fit();
        TrialOutcome longOne = longTrial(grid);
        assertEachIterationOnceFromItsRestoredState(longOne);
        List<Result> history = longOne.history();
        long resumedAt = running.get("checkpoints").get(running.get("checkpoints").size() - 1).get("training_iteration").asLong();
        assertTrue(history.stream().filter(r -> r.trainingIteration() > resumedAt).allMatch(r -> r.getDouble("cpus") == 4),
                "after the resume (from iteration " + resumedAt + ") the trial runs on its 4 CPUs at once: " + cpusOf(history));
    }

    private static TrialOutcome longTrial(ResultGrid grid) {
        assertEquals(List.of(TrialStatus.TERMINATED), grid.trials().stream().map(TrialOutcome::status).distinct().toList());
        return grid.trials().stream().filter(t -> t.config().getInt("length", -1) == 0).findFirst().orElseThrow();
    }

    private static void assertGrewTo(double cpus, TrialOutcome trial) {
        List<Result> history = trial.history();
        assertEquals(1.0, history.get(0).getDouble("cpus"), "it starts on the base request: " + cpusOf(history));
        assertEquals(cpus, trial.lastResult().getDouble("cpus"), "it ends on every CPU: " + cpusOf(history));
        assertTrue(history.size() < CpuCountingTrainable.LIMIT, "it reached them before its step limit: " + cpusOf(history));
        for (int i = 1; i < history.size(); i++) {
            assertTrue(history.get(i).getDouble("cpus") >= history.get(i - 1).getDouble("cpus"), "no trial waits, so it only grows: " + cpusOf(history));
        }
    }

    /** Iterations 1..n, each once, in result.json and the history, and each one's step count restored from the checkpoint it followed. */
    private static void assertEachIterationOnceFromItsRestoredState(TrialOutcome trial) throws IOException {
        List<Result> history = trial.history();
        List<Long> expected = LongStream.rangeClosed(1, history.size()).boxed().toList();
        assertEquals(expected, history.stream().map(Result::trainingIteration).toList());
        assertEquals(expected, history.stream().map(r -> (long) r.getDouble("steps")).toList(), "the step count restored with each restart");
        assertEquals(history.size(), Files.readAllLines(trial.dir().resolve("result.json")).size());
    }

    private static List<Double> cpusOf(List<Result> history) {
        return history.stream().map(r -> r.getDouble("cpus")).toList();
    }

    private static JsonNode stateOf(TrialOutcome trial) throws IOException {
        JsonNode state = new ObjectMapper().readTree(trial.dir().getParent().resolve("experiment_state.json").toFile());
        return findTrial(state, "length=0");
    }

    private static JsonNode findTrial(JsonNode state, String tagPart) {
        for (JsonNode t : state.get("trials")) {
            if (t.get("experiment_tag").asText().contains(tagPart)) {
                return t;
            }
        }
        throw new AssertionError("no trial tagged " + tagPart + " in " + state);
    }
}
