package io.jtune.engine.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Stopper;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.exec.ExecutorFactory;
import io.jtune.engine.schedule.MedianStoppingRule;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.stop.Stoppers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code Tuner.resultBuffer(n)} in worker processes, as on threads: a trial runs ahead of the
 * driver's decisions by up to n results, streamed in order with their own values; a stop takes
 * effect within n − 1 steps; a result with a scheduled checkpoint waits for its decision, so the
 * checkpoint holds its state; where buffering is not safe nothing runs ahead; and a worker killed
 * with buffered results in flight restarts from its checkpoint with every iteration logged once.
 * Without {@code resultBuffer}, the executor's paced window: it opens as decisions come back, holds
 * a run whose unanswered steps took 5 ms, and keeps the same guarantees.
 */
class ProcessResultBufferTest {
    private static final int BUFFER = 4;
    private static final ResourceRequest ONE_CPU = new ResourceRequest(1, 0, 1L << 30, Map.of());
    private static final ExecutorFactory PROCESS = ProcessExecutorFaultsTest.FAST_START.executor();

    @TempDir
    Path storage;

    private Path steps(String name) throws IOException {
        return Files.createDirectories(storage.resolve("steps-" + name));
    }

    private Tuner tuner(Class<?> trainable, String name, Path steps, Stopper spy, int maxIterations) {
        return Tuner.of(trainable).name(name).storagePath(storage).machineResources(ONE_CPU)
                .space(SearchSpace.builder().constant("stepsDir", steps.toString()).build())
                .stop(Stoppers.maximumIteration(maxIterations)).stop(spy).progress(false).seed(3).executor(PROCESS);
    }

    @Test
    void aTrialRunsAheadByTheBufferAndEveryResultArrivesInOrderWithItsOwnValues() throws IOException {
        Path steps = steps("ahead");
        List<Long> taken = new ArrayList<>();
        Stopper spy = StepFiles.noting(steps, BUFFER, taken);
        ResultGrid grid = tuner(CountedSteps.class, "ahead", steps, spy, 20).resultBuffer(BUFFER).outputFiles(false).fit();

        List<Result> history = grid.get(0).history();
        assertInOrderWithOwnValues(history, 20);
        assertEquals(BUFFER, taken.get(0), "while the first result waited for its decision the worker took " + BUFFER + " steps, no more");
        for (int i = 0; i < taken.size(); i++) {
            assertTrue(taken.get(i) <= i + BUFFER, "at result " + (i + 1) + " at most " + BUFFER + " results were unanswered: " + taken);
        }
        assertTrue(history.get(19).done());
    }

    @Test
    void aStopTakesEffectWithinTheBufferAndLaterResultsAreNotLogged() throws IOException {
        Path steps = steps("stop");
        List<Long> taken = new ArrayList<>();
        Stopper spy = StepFiles.noting(steps, BUFFER, taken);
        ResultGrid grid = tuner(CountedSteps.class, "stop", steps, spy, 3).resultBuffer(BUFFER).fit();

        TrialOutcome trial = grid.get(0);
        assertEquals(TrialStatus.TERMINATED, trial.status());
        assertEquals(List.of(1L, 2L, 3L), loggedIterations(trial), "result.json holds the results up to the stop, none after it");
        assertEquals(3, taken.size(), "the stoppers saw no result after the stop");
        assertTrue(StepFiles.count(steps) <= 3 + BUFFER - 1, "the trial stopped within the buffer: " + StepFiles.count(steps) + " steps");
    }

    @Test
    void aFunctionTrainableReportsAheadAndStopsWithinTheBuffer() throws IOException {
        Path steps = steps("function");
        List<Long> taken = new ArrayList<>();
        Stopper spy = StepFiles.noting(steps, BUFFER, taken);
        ResultGrid grid = tuner(CountedSteps.Reports.class, "function", steps, spy, 10).resultBuffer(BUFFER).outputFiles(false).fit();

        List<Result> history = grid.get(0).history();
        assertEquals(LongStream.rangeClosed(1, 10).boxed().toList(), history.stream().map(r -> ((Number) r.get("step")).longValue()).toList());
        assertEquals(BUFFER, taken.get(0), "report returned at once while the buffer had room");
        assertTrue(StepFiles.count(steps) <= 10 + BUFFER - 1, "stopped within the buffer: " + StepFiles.count(steps) + " reports");
    }

    @Test
    void theDefaultWindowOpensAsDecisionsComeBackAndEveryResultArrivesInOrderWithItsOwnValues() throws IOException {
        Path steps = steps("paced");
        List<Long> taken = new ArrayList<>();
        Stopper spy = StepFiles.noting(steps, 1, taken);
        ResultGrid grid = tuner(CountedSteps.class, "paced", steps, spy, 30).deterministic(false).outputFiles(false).fit();

        assertInOrderWithOwnValues(grid.get(0).history(), 30);
        assertEquals(1L, taken.get(0), "the window starts closed: while the first result waited for its decision the worker took no step");
        for (int i = 0; i < taken.size(); i++) {
            assertTrue(taken.get(i) <= 2L * i + 1, "at result " + (i + 1) + " no more results were unanswered than answered, plus one: " + taken);
        }
    }

    @Test
    void underTheDefaultWindowAStopTakesEffectAndLaterResultsAreNotLogged() throws IOException {
        Path steps = steps("paced-stop");
        List<Long> taken = new ArrayList<>();
        Stopper spy = StepFiles.noting(steps, 1, taken);
        ResultGrid grid = tuner(CountedSteps.class, "paced-stop", steps, spy, 3).deterministic(false).fit();

        TrialOutcome trial = grid.get(0);
        assertEquals(TrialStatus.TERMINATED, trial.status());
        assertEquals(List.of(1L, 2L, 3L), loggedIterations(trial), "result.json holds the results up to the stop, none after it");
        assertEquals(3, taken.size(), "the stoppers saw no result after the stop");
        assertTrue(StepFiles.count(steps) <= 5, "at the third result at most 3 were unanswered: " + StepFiles.count(steps) + " steps");
    }

    @Test
    void underTheDefaultWindowStepsOfMoreThanFiveMillisecondsWaitForEachDecision() throws IOException {
        Path steps = steps("paced-slow");
        List<Long> taken = new ArrayList<>();
        Stopper spy = StepFiles.noting(steps, 1, taken);
        tuner(CountedSteps.class, "paced-slow", steps, spy, 6).deterministic(false).outputFiles(false)
                .space(SearchSpace.builder().constant("stepsDir", steps.toString()).constant("stepMillis", 6).build()).fit();

        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), taken, "the worker took no step before the decision on its last result, as on threads");
    }

    @Test
    void whereBufferingIsNotSafeEachResultWaitsForItsDecision() throws IOException {
        Map<String, UnaryOperator<Tuner>> setups = new LinkedHashMap<>();
        setups.put("default", t -> t);
        setups.put("median-stopping", t -> t.resultBuffer(BUFFER).scheduler(MedianStoppingRule.builder().metric("step", Mode.MAX).build()));
        setups.put("deterministic", t -> t.resultBuffer(BUFFER).deterministic(true));
        setups.put("checkpoint-at-end", t -> t.resultBuffer(BUFFER).checkpoint(CheckpointPolicy.NONE.atEnd(true)));
        for (Map.Entry<String, UnaryOperator<Tuner>> setup : setups.entrySet()) {
            Path steps = steps(setup.getKey());
            List<Long> taken = new ArrayList<>();
            Stopper spy = StepFiles.noting(steps, 1, taken);
            setup.getValue().apply(tuner(CountedSteps.class, setup.getKey(), steps, spy, 6)).fit();
            assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), taken, setup.getKey() + ": the worker took no step before the decision on its last result");
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"threads", "process"})
    void aScheduledCheckpointWaitsForItsDecisionAndHoldsItsResultsState(String executor) throws IOException {
        Path steps = steps("every3-" + executor);
        List<Long> taken = new ArrayList<>();
        Stopper spy = StepFiles.noting(steps, 3, taken);
        ResultGrid grid = tuner(CountedSteps.class, "every3-" + executor, steps, spy, 9).resultBuffer(BUFFER)
                .checkpoint(CheckpointPolicy.every(3)).executor(executor.equals("threads") ? ExecutorFactory.threads() : PROCESS).fit();

        assertEquals(3L, taken.get(2), "at the decision on result 3 (a checkpoint) the trial had not stepped on: " + taken);
        assertEquals(6L, taken.get(5), "nor at result 6: " + taken);
        for (int iteration : new int[] {3, 6, 9}) {
            Path state = grid.get(0).dir().resolve("checkpoint_" + String.format("%06d", iteration)).resolve("state");
            assertEquals(Integer.toString(iteration), Files.readString(state), "checkpoint " + iteration + " holds the state of its own result");
        }
        assertEquals(LongStream.rangeClosed(1, 9).boxed().toList(), loggedIterations(grid.get(0)));
    }

    /** {@code buffer} 0: the executor's default window. */
    @ParameterizedTest(name = "resultBuffer {0}")
    @ValueSource(ints = {BUFFER, 0})
    void aWorkerKilledWithBufferedResultsInFlightRestartsFromItsCheckpointAndLogsEachIterationOnce(int buffer) throws IOException {
        Path steps = steps("kill-" + buffer);
        KillAtFourWithSixSteps killer = new KillAtFourWithSixSteps(steps);
        Tuner tuner = tuner(CountedSteps.class, "kill-" + buffer, steps, killer, 12).checkpoint(CheckpointPolicy.every(3)).maxFailures(1);
        ResultGrid grid = (buffer == 0 ? tuner.deterministic(false) : tuner.resultBuffer(buffer)).fit();

        TrialOutcome trial = grid.get(0);
        assertEquals(TrialStatus.TERMINATED, trial.status(), trial.errorTrace());
        assertEquals(6, killer.stepsAtKill, "the worker was killed with results 5 and 6 made but not yet decided on");
        assertEquals(LongStream.rangeClosed(1, 12).boxed().toList(), loggedIterations(trial), "each iteration logged once, in order");
        List<Result> history = trial.history();
        for (Result r : history) {
            boolean firstRun = r.trainingIteration() <= 3;
            assertEquals(firstRun ? 0L : 3L, ((Number) r.get("restored_from")).longValue(), "iteration " + r.trainingIteration());
            assertEquals(r.trainingIteration(), ((Number) r.get("step")).longValue(), "the restored state continues at its own step");
            long pid = ((Number) r.get(Result.PID)).longValue();
            if (firstRun) {
                assertEquals(killer.killed, pid, "iteration " + r.trainingIteration() + " is the killed worker's");
            } else {
                assertNotEquals(killer.killed, pid, "iteration " + r.trainingIteration() + " was made again by a new worker");
            }
        }
    }

    /** At the decision on result 4, waits until the worker made results 5 and 6 (6 holds: a checkpoint is due) and kills it. */
    private static final class KillAtFourWithSixSteps implements Stopper {
        private final Path steps;
        long stepsAtKill;
        long killed;

        KillAtFourWithSixSteps(Path steps) {
            this.steps = steps;
        }

        @Override
        public boolean shouldStop(String trialId, Result result) {
            if (killed == 0 && result.trainingIteration() == 4) {
                stepsAtKill = StepFiles.awaitAtLeast(steps, 6);
                killed = ((Number) result.get(Result.PID)).longValue();
                ProcessHandle worker = ProcessHandle.of(killed).orElseThrow();
                worker.destroyForcibly();
                worker.onExit().orTimeout(30, TimeUnit.SECONDS).join();
            }
            return false;
        }

        @Override
        public boolean stopAll() {
            return false;
        }
    }

    /** {@code n} results, in order, each with the values of its own step. */
    private static void assertInOrderWithOwnValues(List<Result> history, int n) {
        assertEquals(n, history.size());
        for (int i = 0; i < history.size(); i++) {
            assertEquals(i + 1, history.get(i).trainingIteration(), "results in order");
            assertEquals(i + 1L, ((Number) history.get(i).get("step")).longValue(), "each result keeps the values of its own step");
        }
    }

    /** The training iterations in the trial's result.json, in file order. */
    private static List<Long> loggedIterations(TrialOutcome trial) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<Long> out = new ArrayList<>();
        for (String line : Files.readAllLines(trial.dir().resolve("result.json"))) {
            JsonNode row = json.readTree(line);
            out.add(row.get(Result.TRAINING_ITERATION).asLong());
        }
        return out;
    }
}
