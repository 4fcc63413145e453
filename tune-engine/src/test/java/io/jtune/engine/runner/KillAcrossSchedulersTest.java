package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.engine.json.Json;
import io.jtune.engine.output.ErrorFileCallback;
import io.jtune.engine.runner.KillableMixedExperiment.Flavour;
import io.jtune.engine.runner.state.ExperimentState;
import io.jtune.engine.testing.ChildJvms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
/**
 * Kill -9 at seeded moments across FIFO, ASHA and TPE experiments whose trials also fail and are
 * retried (up to 7 + 7 + 6 = 20 kills), resuming after each: every trial ends TERMINATED with each
 * iteration logged once and its last result marked done, at its iteration limit unless ASHA stopped
 * it (see {@link #ASHA_GRACE_PERIOD}). How many steps an
 * ASHA experiment takes depends on when its trials report, so a run may finish the experiment before
 * its seeded moment comes: it must then have ended cleanly, after at least half the kills. That
 * trials failed is read from their {@code error.txt}, written when the driver handles the failure: a
 * failure counted after the last snapshot of a killed run is not in the resumed state's
 * {@code num_failures} (snapshots are periodic, as Ray Tune's experiment checkpoints), and the trial,
 * whose planned failure is behind it, does not fail again.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class KillAcrossSchedulersTest {
    private static final ObjectMapper JSON = Json.mapper();
    private static final long TOTAL = (long) KillableMixedExperiment.TRIALS * KillableMixedExperiment.ITERATIONS;
    /**
     * ASHA's first rung (grace period 2; reduction factor 2, max_t 12). A trial ASHA stopped ends at a
     * rung or later: a kill can lose a trial's rung records (snapshots every 100 ms), and a resumed
     * trial may continue from a checkpoint newer than the restored scheduler state (checkpoints every 2
     * iterations; one written after the last snapshot is used while result.json reaches it). ASHA then
     * records the trial at a rung it passed unrecorded at a later result, and with
     * {@code stop_last_trials} (the default) goes on from a rung the trial is recorded at to a lower
     * one it is not, so it may stop the trial at any iteration from the first rung, as Ray's
     * {@code _Bracket.on_result} does.
     */
    private static final long ASHA_GRACE_PERIOD = 2;

    @TempDir
    Path storage;

    @ParameterizedTest
    @CsvSource({"FIFO, 7", "ASHA, 7", "TPE, 6"})
    void everyTrialReachesItsIterationLimitThroughKillsAndRetries(Flavour flavour, int kills) throws Exception {
        Path dir = storage.resolve(flavour.name());
        Path steps = storage.resolve("steps");
        SplittableRandom random = new SplittableRandom(flavour.ordinal() + 11);
        for (int run = 0; ; run++) {
            long stepsBefore = ChildJvms.size(steps);
            Path log = storage.resolve("run-" + run + ".log");
            Process child = ChildJvms.start(KillableMixedExperiment.class, log, storage.toString(), steps.toString(), flavour.name());
            if (run == kills) {
                assertTrue(child.waitFor(2, TimeUnit.MINUTES), "the last run did not finish");
                assertEquals(0, child.exitValue(), () -> "the last run failed:\n" + ChildJvms.read(log));
                break;
            }
            long target = stepsBefore + 1 + random.nextLong(TOTAL / 4);
            while (child.isAlive() && ChildJvms.size(steps) < target) {
                child.waitFor(2, TimeUnit.MILLISECONDS);
            }
            if (!child.isAlive()) {
                int killed = run;
                assertEquals(0, child.exitValue(), () -> "a run ended before it was killed, and failed:\n" + ChildJvms.read(log));
                assertTrue(killed >= kills / 2, () -> "the experiment finished after only " + killed + " of " + kills + " kills");
                break;
            }
            child.destroyForcibly().waitFor();
        }

        ExperimentState state = ExperimentState.read(dir.resolve(ExperimentState.FILE));
        assertEquals(KillableMixedExperiment.TRIALS, state.trials().size());
        int failedTrials = 0;
        boolean anyAtLimit = false;
        for (ExperimentState.TrialState trial : state.trials()) {
            assertEquals(TrialStatus.TERMINATED, trial.status(), trial.name());
            List<Long> iterations = new ArrayList<>();
            boolean lastDone = false;
            for (String line : Files.readAllLines(dir.resolve(trial.name()).resolve("result.json"))) {
                JsonNode result = JSON.readTree(line);
                iterations.add(result.get(Result.TRAINING_ITERATION).asLong());
                lastDone = result.path(Result.DONE).asBoolean();
            }
            long last = iterations.get(iterations.size() - 1);
            assertEquals(LongStream.rangeClosed(1, last).boxed().toList(), iterations, trial.name() + ": each iteration once");
            assertTrue(lastDone, trial.name() + ": its last result (iteration " + last + ") is not marked done by a stop rule or the scheduler");
            assertTrue(last == KillableMixedExperiment.ITERATIONS || flavour == Flavour.ASHA && last >= ASHA_GRACE_PERIOD,
                    trial.name() + " ended at iteration " + last + ", short of its limit " + KillableMixedExperiment.ITERATIONS);
            anyAtLimit |= last == KillableMixedExperiment.ITERATIONS;
            boolean errorFile = Files.exists(dir.resolve(trial.name()).resolve(ErrorFileCallback.ERROR_FILE));
            assertTrue(errorFile || trial.numFailures() == 0, trial.name() + " counts a failure that left no error.txt");
            failedTrials += errorFile ? 1 : 0;
        }
        assertTrue(anyAtLimit, "some trial trained to the limit");
        assertTrue(failedTrials >= 1, "trials failed (an error.txt) and were retried along the way");
    }
}
