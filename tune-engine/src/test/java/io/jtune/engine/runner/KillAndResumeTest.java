package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.json.Json;
import io.jtune.engine.output.CsvFormat;
import io.jtune.engine.runner.state.ExperimentState;
import io.jtune.engine.testing.ChildJvms;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
/**
 * The proof that a crash loses nothing: {@link KillableExperiment} runs in a child JVM that is
 * killed with SIGKILL ({@link Process#destroyForcibly()}, no shutdown hook runs) at seeded random
 * moments, and is resumed each time, until it finishes. Then every planned trial is TERMINATED
 * exactly once, every result file holds iterations 1..n once each, and every result equals that
 * of an uninterrupted run with the same seed. The kill moments are counted in steps the trainable
 * has taken (it appends a byte per step to a file the test watches), never in fixed sleeps.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class KillAndResumeTest {
    private static final int KILLS = 6;
    private static final long TOTAL = (long) KillableExperiment.TRIALS * KillableExperiment.ITERATIONS;
    private static final ObjectMapper JSON = Json.mapper();

    @TempDir
    Path storage;

    @Test
    void anExperimentKilledAtRandomMomentsAndResumedEndsAsAnUninterruptedOne() throws Exception {
        Path killed = storage.resolve("killed");
        Path dir = killed.resolve(KillableExperiment.NAME);
        SplittableRandom random = new SplittableRandom(42);
        int kills = 0;
        int runs = 0;
        boolean droppedAfterCheckpoint = false;
        Path steps = storage.resolve("steps");
        while (true) {
            long progressBefore = progress(dir);
            long stepsBefore = size(steps);
            Process child = start(killed, steps, runs++);
            Path runLog = log(killed, runs - 1);
            if (kills == KILLS) {
                assertTrue(child.waitFor(2, TimeUnit.MINUTES), "the last run did not finish");
                assertEquals(0, child.exitValue(), () -> "the last run failed:\n" + read(runLog));
                break;
            }
            // the run redoes at least the iterations its state has not recorded: kill it within the first 30% of those
            long target = stepsBefore + 1 + random.nextLong(Math.max(1, (TOTAL - progressBefore) * 3 / 10));
            // the first kill also waits until the state records a checkpoint of an unfinished trial, so that some trial
            // resumes from one however the machine's load spaces the snapshots
            while (child.isAlive() && (size(steps) < target || kills == 0 && !checkpointOfUnfinishedTrial(dir))) {
                child.waitFor(2, TimeUnit.MILLISECONDS);
            }
            assertTrue(child.isAlive(), () -> "a run ended before it was killed:\n" + read(runLog));
            child.destroyForcibly().waitFor();
            kills++;
            droppedAfterCheckpoint |= resultsAfterLatestCheckpoint(dir);
        }
        assertTrue(droppedAfterCheckpoint, "some kill left results logged after the checkpoint the trial resumes from, which the resume dropped");

        ExperimentState state = ExperimentState.read(dir.resolve(ExperimentState.FILE));
        assertEquals(KillableExperiment.TRIALS, state.trials().size(), "every planned trial, once");
        assertEquals(KillableExperiment.TRIALS, state.trials().stream().map(ExperimentState.TrialState::trialId).distinct().count());
        assertTrue(state.trials().stream().allMatch(t -> t.status() == TrialStatus.TERMINATED), () -> "not all TERMINATED: " + state.trials());
        try (Stream<Path> folders = Files.list(dir)) {
            assertEquals(state.trials().stream().map(ExperimentState.TrialState::name).sorted().toList(),
                    folders.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList(), "no folder of an abandoned trial is left");
        }

        ResultGrid reference = KillableExperiment.fresh(storage.resolve("reference")).space(KillableExperiment.space()).progress(false).fit();
        boolean restoredMidway = false;
        for (ExperimentState.TrialState trial : state.trials()) {
            TrialOutcome uninterrupted = reference.get(trial.index());
            assertEquals(uninterrupted.config(), io.jtune.api.Config.of(trial.config()), "the same seed suggests the same configs in the same order");
            Path trialDir = dir.resolve(trial.name());
            List<JsonNode> lines = resultLines(trialDir);
            assertEquals(LongStream.rangeClosed(1, KillableExperiment.ITERATIONS).boxed().toList(),
                    lines.stream().map(l -> l.get(Result.TRAINING_ITERATION).asLong()).toList(), trial.name() + ": result.json holds each iteration once");
            assertEquals(LongStream.rangeClosed(1, KillableExperiment.ITERATIONS).boxed().toList(), csvIterations(trialDir),
                    trial.name() + ": progress.csv holds each iteration once");
            assertEquals(uninterrupted.history().stream().map(r -> r.getDouble("loss")).toList(), lines.stream().map(l -> l.get("loss").asDouble()).toList(),
                    trial.name() + ": every result equals the uninterrupted run's");
            try (Stream<Path> checkpoints = Files.list(trialDir)) {
                assertTrue(checkpoints.filter(p -> p.getFileName().toString().startsWith("checkpoint_")).count() <= 2,
                        trial.name() + ": keep 2 holds across kills (no checkpoint folder of a killed run is left over)");
            }
            restoredMidway |= lines.stream().anyMatch(l -> l.get(Result.ITERATIONS_SINCE_RESTORE).asLong() < l.get(Result.TRAINING_ITERATION).asLong());
        }
        assertTrue(restoredMidway, "some trial continued from a checkpoint rather than from scratch");
        ResultGrid.BestResult best = reference.getBestResult();
        JsonNode bestResumed = resultLines(dir.resolve(state.trials().get(reference.trials().indexOf(best.trial())).name())).get(KillableExperiment.ITERATIONS - 1);
        assertEquals(best.value(), bestResumed.get("loss").asDouble(), "the best result is the uninterrupted run's");
        assertTrue(best.value() <= state.trials().stream().mapToDouble(t -> lastLoss(dir.resolve(t.name()))).min().orElseThrow(),
                "no resumed trial ends better than the best of the uninterrupted run");
        assertEquals(KILLS, kills);
    }

    private static Process start(Path storage, Path steps, int run) throws IOException {
        return ChildJvms.start(KillableExperiment.class, log(storage, run), storage.toString(), steps.toString());
    }

    private static Path log(Path storage, int run) {
        return storage.resolveSibling("run-" + run + ".log");
    }

    private static String read(Path file) {
        return ChildJvms.read(file);
    }

    private static long size(Path file) throws IOException {
        return ChildJvms.size(file);
    }

    /** The iterations the experiment's state records over all trials (0 before the first snapshot). */
    private static long progress(Path dir) {
        try {
            JsonNode state = JSON.readTree(Files.readAllBytes(dir.resolve(ExperimentState.FILE)));
            long sum = 0;
            for (JsonNode trial : state.get("trials")) {
                sum += trial.get("training_iteration").asLong();
            }
            return sum;
        } catch (NoSuchFileException e) {
            return 0;
        } catch (IOException e) {
            throw new IllegalStateException("the state file could not be read although it is replaced atomically", e);
        }
    }

    /** True when the state file (if any yet) records a checkpoint of a trial that is not TERMINATED. */
    private static boolean checkpointOfUnfinishedTrial(Path dir) throws IOException {
        if (!Files.exists(dir.resolve(ExperimentState.FILE))) {
            return false;
        }
        return ExperimentState.read(dir.resolve(ExperimentState.FILE)).trials().stream()
                .anyMatch(t -> t.status() != TrialStatus.TERMINATED && !t.checkpoints().isEmpty());
    }

    /** True when an unfinished trial's result.json holds results after the latest checkpoint the state records for it. */
    private static boolean resultsAfterLatestCheckpoint(Path dir) throws IOException {
        ExperimentState state = ExperimentState.read(dir.resolve(ExperimentState.FILE));
        for (ExperimentState.TrialState trial : state.trials()) {
            List<ExperimentState.CheckpointState> checkpoints = trial.checkpoints();
            long resumeFrom = checkpoints.isEmpty() ? 0 : checkpoints.get(checkpoints.size() - 1).trainingIteration();
            Path results = dir.resolve(trial.name()).resolve("result.json");
            if (trial.status() != TrialStatus.TERMINATED && Files.exists(results) && Files.readAllLines(results).size() > resumeFrom) {
                return true;
            }
        }
        return false;
    }

    private static double lastLoss(Path trialDir) {
        try {
            List<JsonNode> lines = resultLines(trialDir);
            return lines.get(lines.size() - 1).get("loss").asDouble();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<JsonNode> resultLines(Path trialDir) throws IOException {
        List<JsonNode> lines = new ArrayList<>();
        for (String line : Files.readAllLines(trialDir.resolve("result.json"))) {
            lines.add(JSON.readTree(line));
        }
        return lines;
    }

    private static List<Long> csvIterations(Path trialDir) throws IOException {
        List<String> rows = Files.readAllLines(trialDir.resolve("progress.csv"));
        int column = CsvFormat.parseRecord(rows.get(0)).indexOf(Result.TRAINING_ITERATION);
        return rows.subList(1, rows.size()).stream().map(r -> Long.parseLong(CsvFormat.parseRecord(r).get(column))).toList();
    }
}
