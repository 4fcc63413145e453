package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.output.CsvFormat;
import io.jtune.engine.output.ErrorFileCallback;
import io.jtune.engine.output.JsonLoggerCallback;
import io.jtune.engine.runner.state.ExperimentState;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.testing.Runs;
import io.jtune.engine.testing.StopAt;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
/**
 * Steps that throw at a seeded 10% rate, retried from a checkpoint taken every iteration: every
 * trial finishes, each failure is counted (in the trial, the experiment state and error.txt), and
 * no iteration is lost or logged twice.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class FlakyTrainableTest {
    private static final int TRIALS = 8;
    private static final int ITERATIONS = 20;
    private static final int MAX_FAILURES = 5;
    private static final double FAILURE_RATE = 0.1;
    private static final long FAILURE_SEED = 1;

    @TempDir
    Path storage;

    @BeforeEach
    void forgetAttempts() {
        Flaky.ATTEMPTS.clear();
    }

    /**
     * Adds {@code x} times the iteration to {@code value} each step. Attempt {@code a} of iteration
     * {@code i} fails when a generator seeded by (x, i, a) draws below the failure rate, so a retry
     * of the same iteration draws anew, and the failures of a trial can be counted beforehand.
     */
    public static final class Flaky implements ClassTrainable {
        static final Map<String, AtomicInteger> ATTEMPTS = new ConcurrentHashMap<>();
        private double x;
        private long iteration;
        private double value;

        static boolean fails(double x, long iteration, int attempt) {
            long seed = FAILURE_SEED;
            for (long part : new long[] {Double.doubleToLongBits(x), iteration, attempt}) {
                seed = seed * 0x9E3779B97F4A7C15L + part;
            }
            return new SplittableRandom(seed).nextDouble() < FAILURE_RATE;
        }

        /** How often a trial with this x fails on its way to the last iteration. */
        static int expectedFailures(double x) {
            int failures = 0;
            for (long i = 1; i <= ITERATIONS; i++) {
                for (int attempt = 1; fails(x, i, attempt); attempt++) {
                    failures++;
                }
            }
            return failures;
        }

        @Override
        public void setup(Config config) {
            x = config.getDouble("x");
        }

        @Override
        public Map<String, ?> step() {
            long next = iteration + 1;
            int attempt = ATTEMPTS.computeIfAbsent(x + "@" + next, k -> new AtomicInteger()).incrementAndGet();
            if (fails(x, next, attempt)) {
                throw new IllegalStateException("flaky step " + next + ", attempt " + attempt);
            }
            iteration = next;
            value += x * next;
            return Map.of("value", value);
        }

        @Override
        public boolean supportsCheckpoints() {
            return true;
        }

        @Override
        public void save(Path dir) throws IOException {
            Files.writeString(dir.resolve("state"), iteration + " " + Double.doubleToRawLongBits(value));
        }

        @Override
        public void restore(Path dir) throws IOException {
            String[] parts = Files.readString(dir.resolve("state")).split(" ");
            iteration = Long.parseLong(parts[0]);
            value = Double.longBitsToDouble(Long.parseLong(parts[1]));
        }
    }

    @Test
    void everyTrialFinishesWithItsFailuresCountedAndNoIterationLostOrRepeated() throws IOException {
        ResultGrid grid = Tuner.of(Flaky.class).name("flaky").storagePath(storage).seed(3).numSamples(TRIALS)
                .space(SearchSpace.builder().uniform("x", -1, 1).build())
                .stop(StopAt.iteration(ITERATIONS)).maxFailures(MAX_FAILURES).checkpoint(CheckpointPolicy.every(1))
                .machineResources(Runs.TWO_CPUS).progress(false)
                .fit();
        ExperimentState state = ExperimentState.read(storage.resolve("flaky").resolve(ExperimentState.FILE));
        List<Long> allIterations = LongStream.rangeClosed(1, ITERATIONS).boxed().toList();
        int total = 0;
        for (int i = 0; i < TRIALS; i++) {
            TrialOutcome trial = grid.get(i);
            double x = trial.config().getDouble("x");
            int failures = Flaky.expectedFailures(x);
            assertTrue(failures <= MAX_FAILURES, "the seed keeps every trial within maxFailures: " + trial.name() + " fails " + failures);
            total += failures;
            assertEquals(TrialStatus.TERMINATED, trial.status(), trial.name());
            assertEquals(failures, trial.numFailures(), trial.name() + ": every failure counted");
            assertEquals(failures, state.trials().get(i).numFailures(), trial.name() + ": the failure count is in the experiment state");
            assertEquals(failures, failuresInErrorFile(trial.dir()), trial.name() + ": every failure's trace is in error.txt");

            List<Result> logged = JsonLoggerCallback.readResults(trial.dir());
            assertEquals(allIterations, logged.stream().map(Result::trainingIteration).toList(), trial.name() + ": result.json");
            assertEquals(allIterations, csvIterations(trial.dir()), trial.name() + ": progress.csv");
            assertEquals(allIterations, trial.history().stream().map(Result::trainingIteration).toList(), trial.name() + ": history");
            double value = 0;
            for (int k = 1; k <= ITERATIONS; k++) {
                value += x * k;
                assertEquals(value, logged.get(k - 1).getDouble("value"), trial.name() + ": the state came back intact at iteration " + k);
            }
        }
        assertTrue(total >= TRIALS / 2, "the 10% rate makes failures happen: " + total);
    }

    @Test
    void withoutALimitATrialIsRetriedUntilItSucceeds() throws IOException {
        ResultGrid grid = Tuner.of("stubborn", (config, session) -> {
                    int attempt = Flaky.ATTEMPTS.computeIfAbsent("stubborn", k -> new AtomicInteger()).incrementAndGet();
                    session.report(Map.of("attempt", attempt));
                    if (attempt <= 5) {
                        throw new IllegalStateException("attempt " + attempt + " fails");
                    }
                    session.report(Map.of("attempt", attempt));
                })
                .name("stubborn").storagePath(storage).seed(1).maxFailures(-1).machineResources(Runs.TWO_CPUS).progress(false)
                .fit();
        TrialOutcome trial = grid.get(0);
        assertEquals(TrialStatus.TERMINATED, trial.status());
        assertEquals(5, trial.numFailures());
        assertEquals(5, failuresInErrorFile(trial.dir()));
        assertEquals(List.of(1L, 2L), JsonLoggerCallback.readResults(trial.dir()).stream().map(Result::trainingIteration).toList(),
                "without checkpoints each retry starts over, and its results replace the failed attempt's");
    }

    private static long failuresInErrorFile(Path trialDir) throws IOException {
        Path file = trialDir.resolve(ErrorFileCallback.ERROR_FILE);
        // error.txt keeps the first and the latest failure: the latest header carries the count
        return Files.exists(file) ? Files.readAllLines(file).stream().filter(l -> l.startsWith("Failure # "))
                .mapToLong(l -> Long.parseLong(l.substring("Failure # ".length(), l.indexOf(' ', "Failure # ".length())))).max().orElse(0) : 0;
    }

    static List<Long> csvIterations(Path trialDir) throws IOException {
        List<String> rows = Files.readAllLines(trialDir.resolve("progress.csv"));
        int column = CsvFormat.parseRecord(rows.get(0)).indexOf(Result.TRAINING_ITERATION);
        return rows.subList(1, rows.size()).stream().map(r -> Long.parseLong(CsvFormat.parseRecord(r).get(column))).toList();
    }
}
