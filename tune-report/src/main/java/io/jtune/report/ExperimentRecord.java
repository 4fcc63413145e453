package io.jtune.report;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.TuneException;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.json.Json;
import io.jtune.engine.output.JsonLoggerCallback;
import io.jtune.engine.runner.state.ExperimentState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Everything a report shows of an experiment: its name, metric and mode (either may be null), its
 * settings as saved in {@code experiment_state.json} (runner, settings and components, without the
 * trials; an empty object when unknown) and its trials.
 */
record ExperimentRecord(String name, String metric, Mode mode, ObjectNode settings, List<TrialRecord> trials) {
    private static final ObjectMapper JSON = Json.mapper();
    private static final TypeReference<Map<String, Object>> CONFIG_TYPE = new TypeReference<>() { };

    public ExperimentRecord {
        trials = List.copyOf(trials);
    }

    /**
     * Reads an experiment folder: {@code experiment_state.json} for the settings and trials, each
     * trial's {@code result.json} for its history. Reads the JSON loosely, so folders written by
     * older versions or resumed runs render too.
     *
     * @throws TuneException naming the folder when it holds no readable experiment state
     */
    static ExperimentRecord read(Path experimentDir) {
        Path dir = experimentDir.toAbsolutePath().normalize();
        ObjectNode state = readState(dir);
        List<TrialRecord> trials = new ArrayList<>();
        for (JsonNode t : state.path("trials")) {
            String name = t.path("name").asText();
            Path trialDir = dir.resolve(name).normalize();
            if (!trialDir.startsWith(dir)) {
                throw new TuneException("the experiment state " + dir.resolve(ExperimentState.FILE) + " names trial folder '" + name
                        + "' outside the experiment folder; it is not a jtune experiment state");
            }
            JsonNode checkpoints = t.path("checkpoints");
            String checkpoint = checkpoints.isArray() && !checkpoints.isEmpty() ? checkpoints.get(checkpoints.size() - 1).path("path").asText(null) : null;
            Map<String, Object> config = Config.of(JSON.convertValue(t.path("config"), CONFIG_TYPE)).flatten();
            trials.add(new TrialRecord(t.path("trial_id").asText(), name, t.path("status").asText("UNKNOWN"), config,
                    JsonLoggerCallback.readResults(trialDir), t.path("error_trace").asText(null), checkpoint));
        }
        state.remove("trials");
        JsonNode runner = state.path("runner");
        return new ExperimentRecord(runner.path("experiment").asText(dir.getFileName().toString()), runner.path("metric").asText(null),
                parseMode(runner.path("mode").asText(null)), state, trials);
    }

    /**
     * A finished experiment's {@link ResultGrid}, with the settings, metric and mode from its
     * folder's state file when there is one.
     */
    static ExperimentRecord of(ResultGrid grid) {
        ObjectNode settings = JSON.createObjectNode();
        String name = grid.experimentDir() == null ? "experiment" : grid.experimentDir().getFileName().toString();
        if (grid.experimentDir() != null && Files.exists(grid.experimentDir().resolve(ExperimentState.FILE))) {
            settings = readState(grid.experimentDir());
            settings.remove("trials");
        }
        JsonNode runner = settings.path("runner");
        List<TrialRecord> trials = new ArrayList<>();
        for (TrialOutcome t : grid.trials()) {
            trials.add(new TrialRecord(t.id(), t.name(), t.status().name(), t.config().flatten(), t.history(), t.errorTrace(),
                    t.latestCheckpoint() == null ? null : t.latestCheckpoint().path().toString()));
        }
        return new ExperimentRecord(name, runner.path("metric").asText(null), parseMode(runner.path("mode").asText(null)), settings, trials);
    }

    private static ObjectNode readState(Path dir) {
        Path file = dir.resolve(ExperimentState.FILE);
        try {
            JsonNode node = JSON.readTree(Files.readAllBytes(file));
            if (!(node instanceof ObjectNode object) || !object.path("trials").isArray()) {
                throw new TuneException("the file " + file + " is not a jtune experiment state (no trials list); pass the folder of an experiment");
            }
            return object;
        } catch (NoSuchFileException e) {
            throw new TuneException("the folder " + dir + " holds no experiment (no " + ExperimentState.FILE
                    + "); pass the folder of an experiment, e.g. jtune-results/<trainable>_<date>", e);
        } catch (IOException e) {
            throw new TuneException("cannot read the experiment state " + file + ": " + e.getMessage(), e);
        }
    }

    private static Mode parseMode(String mode) {
        return mode == null || mode.isBlank() ? null : Mode.parse(mode);
    }
}
