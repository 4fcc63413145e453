package io.jtune.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Stopper;
import io.jtune.cluster.driver.ClusterExecutorFactory;
import io.jtune.cluster.driver.ClusterSettings;
import io.jtune.cluster.node.HostPort;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.stop.Stoppers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
/**
 * {@code Tuner.resultBuffer(n)} on cluster workers (worker JVMs on 127.0.0.1): a trial streams up to
 * n results ahead of the driver's decisions, in order with their own values; a stop takes effect
 * within n − 1 steps and nothing after it is logged; a scheduled checkpoint waits for its decision
 * and holds its result's state; without a safe buffer nothing runs ahead; a worker killed with
 * buffered results in flight has its trial restart on the other worker from its checkpoint, each
 * iteration logged once. Steps are counted as the files {@link StepTrainable} notes them in.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClusterResultBufferTest {
    private static final int BUFFER = 4;

    private Path dir;
    private WorkerProcesses workers;
    private ClusterSettings settings;

    @BeforeAll
    void startWorker(@TempDir Path tempDir) {
        dir = tempDir;
        workers = new WorkerProcesses();
        settings = cluster(workers, "one", 1);
    }

    @AfterAll
    void stopWorkers() {
        workers.close();
    }

    /** A driver port and {@code count} workers with one CPU each joining it. */
    private ClusterSettings cluster(WorkerProcesses processes, String name, int count) {
        int port = WorkerProcesses.freePort();
        for (int i = 0; i < count; i++) {
            processes.start(name + i, null, "--join", "127.0.0.1:" + port, "--insecure", "--resources", "cpu=1",
                    "--work-dir", dir.resolve("w-" + name + i).toString());
        }
        return ClusterSettings.at(new HostPort("127.0.0.1", port)).insecureOnLoopback().withMinWorkers(count).withWaitForWorkers(Duration.ofSeconds(60));
    }

    private Path steps(String name) throws IOException {
        return Files.createDirectories(dir.resolve("steps-" + name));
    }

    private Tuner tuner(String name, Path steps, Stopper spy, int maxIterations, ClusterSettings cluster) {
        return Tuner.of(StepTrainable.class).name(name).storagePath(dir.resolve("results"))
                .space(SearchSpace.builder().constant("x", 0.5).constant("stepsDir", steps.toString()).build())
                .stop(Stoppers.maximumIteration(maxIterations)).stop(spy).progress(false).executor(ClusterExecutorFactory.with(cluster));
    }

    @Test
    void aTrialStreamsTheBufferAheadInOrderWithItsOwnValues() throws IOException {
        Path steps = steps("ahead");
        List<Long> taken = new ArrayList<>();
        Stopper spy = spy(steps, BUFFER, taken);
        ResultGrid grid = tuner("ahead", steps, spy, 20, settings).resultBuffer(BUFFER).fit();

        List<Result> history = grid.get(0).history();
        assertEquals(LongStream.rangeClosed(1, 20).boxed().toList(), loggedIterations(grid.get(0)), "results in order");
        for (Result r : history) {
            assertEquals(0.5 * r.trainingIteration(), ((Number) r.get("score")).doubleValue(), "each result keeps its own values");
        }
        assertEquals(BUFFER, taken.get(0), "while the first result waited for its decision the worker took " + BUFFER + " steps, no more");
        for (int i = 0; i < taken.size(); i++) {
            assertTrue(taken.get(i) <= i + BUFFER, "at result " + (i + 1) + " at most " + BUFFER + " results were unanswered: " + taken);
        }
    }

    @Test
    void aStopTakesEffectWithinTheBufferAndLaterResultsAreNotLogged() throws IOException {
        Path steps = steps("stop");
        List<Long> taken = new ArrayList<>();
        Stopper spy = spy(steps, BUFFER, taken);
        ResultGrid grid = tuner("stop", steps, spy, 3, settings).resultBuffer(BUFFER).fit();

        assertEquals(TrialStatus.TERMINATED, grid.get(0).status());
        assertEquals(List.of(1L, 2L, 3L), loggedIterations(grid.get(0)), "nothing after the stop is logged");
        assertEquals(3, taken.size(), "the stoppers saw no result after the stop");
        assertTrue(count(steps) <= 3 + BUFFER - 1, "the trial stopped within the buffer: " + count(steps) + " steps");
    }

    @Test
    void withoutASafeBufferEachResultWaitsForItsDecision() throws IOException {
        for (String setup : List.of("default", "checkpoint-at-end")) {
            Path steps = steps(setup);
            List<Long> taken = new ArrayList<>();
        Stopper spy = spy(steps, 1, taken);
            Tuner tuner = tuner(setup, steps, spy, 6, settings);
            if (setup.equals("checkpoint-at-end")) {
                tuner.resultBuffer(BUFFER).checkpoint(CheckpointPolicy.NONE.atEnd(true));
            }
            tuner.fit();
            assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), taken, setup + ": the worker took no step before the decision on its last result");
        }
    }

    @Test
    void aScheduledCheckpointWaitsForItsDecisionAndHoldsItsResultsState() throws IOException {
        Path steps = steps("every3");
        List<Long> taken = new ArrayList<>();
        Stopper spy = spy(steps, 3, taken);
        ResultGrid grid = tuner("every3", steps, spy, 9, settings).resultBuffer(BUFFER).checkpoint(CheckpointPolicy.every(3)).fit();

        assertEquals(3L, taken.get(2), "at the decision on result 3 (a checkpoint) the worker had not stepped on: " + taken);
        assertEquals(6L, taken.get(5), "nor at result 6: " + taken);
        for (int iteration : new int[] {3, 6, 9}) {
            Path state = grid.get(0).dir().resolve("checkpoint_" + String.format("%06d", iteration)).resolve("state");
            assertEquals(Integer.toString(iteration), Files.readString(state), "checkpoint " + iteration + " holds the state of its own result");
        }
    }

    @Test
    void aWorkerKilledWithBufferedResultsInFlightRestartsElsewhereFromItsCheckpoint() throws Exception {
        try (WorkerProcesses pair = new WorkerProcesses()) {
            ClusterSettings two = cluster(pair, "pair", 2);
            Path steps = steps("kill");
            long[] killedWithSteps = new long[2];
            Stopper killer = Stoppers.function((trialId, result) -> {
                if (killedWithSteps[0] == 0 && result.trainingIteration() == 4) {
                    awaitSteps(steps, 6); // results 5 and 6 made, not decided on; 6 holds the worker (a checkpoint is due)
                    killedWithSteps[1] = count(steps);
                    killedWithSteps[0] = ((Number) result.get("worker_pid")).longValue();
                    pair.kill(killedWithSteps[0]);
                }
                return false;
            });
            ResultGrid grid = tuner("kill", steps, killer, 12, two).resultBuffer(BUFFER).checkpoint(CheckpointPolicy.every(3)).fit();

            TrialOutcome trial = grid.get(0);
            assertEquals(TrialStatus.TERMINATED, trial.status(), trial.errorTrace());
            assertEquals(6, killedWithSteps[1], "the worker was killed with results 5 and 6 made but not yet decided on");
            assertEquals(LongStream.rangeClosed(1, 12).boxed().toList(), loggedIterations(trial), "each iteration logged once, in order");
            List<Result> history = trial.history();
            List<Long> restoredFrom = history.stream().map(r -> ((Number) r.get("restored_from")).longValue()).toList();
            assertEquals(Stream.concat(Collections.nCopies(3, 0L).stream(), Collections.nCopies(9, 3L).stream()).toList(), restoredFrom,
                    "iterations 4..12 were made again from checkpoint 3");
            Set<Long> firstRun = history.subList(0, 3).stream().map(r -> ((Number) r.get("worker_pid")).longValue()).collect(Collectors.toSet());
            Set<Long> secondRun = history.subList(3, 12).stream().map(r -> ((Number) r.get("worker_pid")).longValue()).collect(Collectors.toSet());
            assertEquals(Set.of(killedWithSteps[0]), firstRun);
            assertEquals(1, secondRun.size());
            assertFalse(secondRun.contains(killedWithSteps[0]), "the trial went on on the other worker: " + secondRun);
            assertEquals(LongStream.rangeClosed(1, 12).mapToObj(i -> 0.5 * i).toList(), history.stream().map(r -> ((Number) r.get("score")).doubleValue()).toList(),
                    "the restored state continues at its own iteration");
        }
    }

    /** Adds to {@code taken} the steps taken when each result is decided on; at the first, it first waits for {@code waitFor}. */
    private static Stopper spy(Path steps, long waitFor, List<Long> taken) {
        return Stoppers.function((trialId, result) -> {
            if (result.trainingIteration() == 1) {
                awaitSteps(steps, waitFor);
            }
            taken.add(count(steps));
            return false;
        });
    }

    private static long count(Path steps) {
        try (Stream<Path> files = Files.list(steps)) {
            return files.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Polls until at least {@code n} steps are noted (at most 60 s). */
    private static void awaitSteps(Path steps, long n) {
        try {
            WorkerProcesses.await(n + " steps", Duration.ofSeconds(60), () -> count(steps) >= n);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static List<Long> loggedIterations(TrialOutcome trial) throws IOException {
        ObjectMapper json = new ObjectMapper();
        ToLongFunction<String> iteration = line -> {
            try {
                return json.readTree(line).get(Result.TRAINING_ITERATION).asLong();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
        return Files.readAllLines(trial.dir().resolve("result.json")).stream().mapToLong(iteration).boxed().toList();
    }
}
