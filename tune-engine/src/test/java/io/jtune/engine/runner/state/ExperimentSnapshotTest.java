package io.jtune.engine.runner.state;

import static io.jtune.engine.testing.Runs.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.engine.checkpoint.CheckpointIo;
import io.jtune.engine.search.SampleLimit;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.testing.CountingTrainable;
import io.jtune.engine.testing.FirstComeScheduler;
import io.jtune.engine.testing.ListSearcher;
import io.jtune.engine.testing.Runs;
import io.jtune.engine.testing.StopAt;
import io.jtune.engine.trial.Trial;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
// a hang (a lost event) fails the class instead of blocking the build; no test asserts a duration
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ExperimentSnapshotTest {
    @TempDir
    Path storage;

    @Test
    void theFinalSnapshotHoldsRunnerTrialSearcherAndSchedulerState() throws IOException {
        CountingTrainable.resetCounters();
        FirstComeScheduler scheduler = new FirstComeScheduler() {
            @Override
            public String saveState() {
                return "{\"calls\": " + calls.size() + "}";
            }
        };
        List<Trial> trials = run(Runs.counting(storage, new ListSearcher(List.of(Config.of(Map.of("x", 1.0)), Config.of(Map.of("x", 2.0, "failAtStep", 1, "failAlways", true)))), scheduler)
                .stop(StopAt.iteration(3)).checkpoint(CheckpointPolicy.every(2)));
        Path experiment = storage.toAbsolutePath().resolve("exp");
        JsonNode state = new ObjectMapper().readTree(experiment.resolve("experiment_state.json").toFile());
        assertFalse(Files.exists(experiment.resolve(".experiment_state.json.tmp")), "the temporary file was renamed");

        assertEquals(2, state.get("format").asInt());
        assertEquals("CountingTrainable", state.get("runner").get("trainable").asText());
        assertEquals(1, state.get("runner").get("seed").asLong());
        assertEquals(trials.get(0).id().substring(0, 5), state.get("runner").get("trial_id_prefix").asText());
        assertEquals(SampleLimit.class.getName() + "(" + ListSearcher.class.getName() + ")", state.get("searcher").get("type").asText(),
                "the searcher's class with the classes it wraps");
        assertEquals(2, state.get("searcher").get("state").get("inner").get("next").asInt(), "the list searcher inside the numSamples limit");
        assertEquals(scheduler.getClass().getName(), state.get("scheduler").get("type").asText());
        assertEquals(scheduler.calls.size(), state.get("scheduler").get("state").get("calls").asInt());
        assertEquals(2, state.get("settings").get("checkpoint").get("frequency").asInt());
        JsonNode first = state.get("trials").get(0);
        assertEquals(trials.get(0).id(), first.get("trial_id").asText());
        assertEquals(trials.get(0).name(), first.get("name").asText());
        assertEquals("TERMINATED", first.get("status").asText());
        assertEquals(1.0, first.get("config").get("x").asDouble());
        assertEquals(3, first.get("training_iteration").asInt());
        JsonNode checkpoint = first.get("checkpoints").get(0);
        assertEquals(2, checkpoint.get("training_iteration").asInt());
        assertTrue(Files.isDirectory(Path.of(checkpoint.get("path").asText())));
        JsonNode second = state.get("trials").get(1);
        assertEquals("ERROR", second.get("status").asText());
        assertEquals(1, second.get("num_failures").asInt());
        assertTrue(second.get("error_trace").asText().contains("planned failure at step 1"));
    }

    @Test
    void theStateReadsBackAsWritten() {
        CountingTrainable.resetCounters();
        List<Trial> trials = run(Runs.counting(storage, ListSearcher.of(3, "x"), new FirstComeScheduler()).stop(StopAt.iteration(4))
                .checkpoint(CheckpointPolicy.every(2).keepLatest(1)));
        ExperimentState state = ExperimentState.read(storage.toAbsolutePath().resolve("exp").resolve(ExperimentState.FILE));
        assertEquals("exp", state.runner().experiment());
        assertEquals(3, state.searcher().state().get("inner").get("next").asInt());
        assertEquals(3, state.trials().size());
        for (int i = 0; i < 3; i++) {
            Trial t = trials.get(i);
            ExperimentState.TrialState read = state.trials().get(i);
            assertEquals(t.id(), read.trialId());
            assertEquals(t.experimentTag(), read.experimentTag());
            assertEquals(TrialStatus.TERMINATED, read.status());
            assertEquals(t.config(), Config.of(read.config()));
            assertEquals(4, read.trainingIteration());
            assertEquals(t.lastResult().timeTotalS(), read.timeTotalS(), 0);
            assertEquals(1, read.checkpoints().size(), "keep 1");
            assertEquals(t.latestCheckpoint().orElseThrow().path().toString(), read.checkpoints().get(0).path());
            assertEquals(4, read.checkpoints().get(0).trainingIteration());
        }
    }

    @Test
    void aMissingTruncatedOrForeignStateIsAnErrorNamingTheFile() throws IOException {
        Path file = storage.resolve(ExperimentState.FILE);
        TuneException missing = assertThrows(TuneException.class, () -> ExperimentState.read(file));
        assertTrue(missing.getMessage().contains(file.toString()) && missing.getMessage().contains("no experiment to resume"), missing.getMessage());

        Files.writeString(file, "{\"format\": 1, \"runner\": {\"experiment\": \"e\", \"tra");
        TuneException truncated = assertThrows(TuneException.class, () -> ExperimentState.read(file));
        assertTrue(truncated.getMessage().contains(file.toString()) && truncated.getMessage().contains("truncated or corrupted"), truncated.getMessage());
        assertTrue(truncated.getMessage().contains("line 1"), truncated.getMessage());

        Files.writeString(file, "{\"format\": 7, \"runner\": {}, \"trials\": [], \"stoppers\": []}");
        TuneException format = assertThrows(TuneException.class, () -> ExperimentState.read(file));
        assertTrue(format.getMessage().contains("has format 7"), format.getMessage());

        String noTrials = "{\"format\": 2, \"runner\": {}, \"searcher\": {}, \"scheduler\": {}, \"stoppers\": []}";
        Files.writeString(file, noTrials);
        TuneException incomplete = assertThrows(TuneException.class, () -> ExperimentState.read(file));
        assertTrue(incomplete.getMessage().contains("lacks 'trials'"), incomplete.getMessage());
        assertEquals(noTrials, Files.readString(file), "reading changes nothing");

        Files.writeString(file, "{\"format\": 2, \"runner\": {\"experiment\": \"e\"}, \"settings\": {}, \"searcher\": {}, \"scheduler\": {}, \"stoppers\": [], \"trials\": []}");
        TuneException partial = assertThrows(TuneException.class, () -> ExperimentState.read(file));
        assertTrue(partial.getMessage().contains("not a complete jtune experiment state"), partial.getMessage());
    }

    @Test
    void aComponentStateThatIsNotJsonIsAnErrorNamingTheComponent() {
        FirstComeScheduler scheduler = new FirstComeScheduler() {
            @Override
            public String saveState() {
                return "rung=1";
            }
        };
        TuneException e = assertThrows(TuneException.class, () -> run(Runs.counting(storage, ListSearcher.of(1, "x"), scheduler).stop(StopAt.iteration(1)).outputFiles(true)));
        assertTrue(e.getMessage().contains("the scheduler " + scheduler.getClass().getName() + " saved a state that is not JSON"), e.getMessage());
    }

    /** The hand-written trial entry has every field the record's reflective serialisation writes, with the same values. */
    @Test
    void aTrialsEntryIsWhatTheRecordsOwnSerialisationWrites() throws IOException {
        ExperimentState.TrialState trial = new ExperimentState.TrialState("a1b2c_00007", 7, "Fn_a1b2c_00007", "7_lr=0.1", TrialStatus.ERROR,
                Map.of("lr", 0.1, "layers", Map.of("n", 3, "act", "relu"), "tags", List.of("a", "b")), 2, 12, 3.25, "java.lang.IllegalStateException: boom",
                List.of(new ExperimentState.CheckpointState("/tmp/x/checkpoint_10", 10, 2.5, -0.25)), ResourceRequest.cpus(2));
        ExperimentState.TrialState pending = new ExperimentState.TrialState("a1b2c_00008", 8, "Fn_a1b2c_00008", "8", TrialStatus.PENDING,
                Map.of(), 0, 0, 0, null, List.of(), null);
        ObjectMapper plain = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).disable(MapperFeature.USE_ANNOTATIONS).build();
        ExperimentState state = new ExperimentState(ExperimentState.FORMAT, 1.5, null, null, null, null, List.of(), List.of(trial, pending));
        ObjectMapper reader = new ObjectMapper();
        Path file = storage.resolve(ExperimentState.FILE);
        CheckpointIo.writeAtomicallyNow(file, state.toJson());
        JsonNode written = reader.readTree(file.toFile()).get("trials");
        assertEquals(reader.readTree(plain.writeValueAsBytes(trial)), written.get(0));
        assertEquals(reader.readTree(plain.writeValueAsBytes(pending)), written.get(1));
    }

    /** The state is written into the snapshot as it is, so it must be exactly one JSON value. */
    @Test
    void aComponentStateThatIsNotOneWholeJsonValueIsAnErrorNamingTheComponent() {
        Map<String, String> expected = Map.of("{\"rung\": 1} {\"rung\": 2}", "saved a state with more than one JSON value",
                "{\"rung\": [1, 2", "saved a state that is not JSON", "  ", "saved an empty state");
        expected.forEach((saved, message) -> {
            FirstComeScheduler scheduler = new FirstComeScheduler() {
                @Override
                public String saveState() {
                    return saved;
                }
            };
            TuneException e = assertThrows(TuneException.class,
                    () -> run(Runs.counting(storage.resolve(Integer.toString(saved.length())), ListSearcher.of(1, "x"), scheduler).stop(StopAt.iteration(1)).outputFiles(true)));
            assertTrue(e.getMessage().contains("the scheduler " + scheduler.getClass().getName() + " " + message), saved + ": " + e.getMessage());
        });
    }

    @Test
    void writesComeAfterChangesOncePerPeriodWhichGrowsWithTheWriteTime() {
        long second = 1_000_000_000L;
        SnapshotSchedule schedule = new SnapshotSchedule(Duration.ofSeconds(10));
        assertFalse(schedule.due(0), "nothing changed yet");
        schedule.changed();
        assertTrue(schedule.due(0), "the first change is written at once");
        schedule.wrote(0, second / 100);
        schedule.changed();
        assertFalse(schedule.due(9 * second));
        assertTrue(schedule.due(10 * second));
        schedule.wrote(10 * second, 2 * second);
        schedule.changed();
        assertFalse(schedule.due(10 * second + 37 * second), "a 2 s write makes the period 38 s (5% of the time)");
        assertTrue(schedule.due(10 * second + 38 * second));

        SnapshotSchedule cold = new SnapshotSchedule(Duration.ofSeconds(10));
        cold.changed();
        cold.wrote(0, 3 * second);
        cold.changed();
        assertTrue(cold.due(10 * second), "the first write, slowed by class loading, does not stretch the period");
    }
}
