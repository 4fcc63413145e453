package io.jtune.engine.runner.state;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.databind.util.RawValue;
import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.api.spi.Objective;
import io.jtune.engine.checkpoint.PiecedBytes;
import io.jtune.engine.runner.guard.ComponentException;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.spec.FailFast;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What {@code experiment_state.json} holds (written by the runner, read to resume): the runner's
 * state, the experiment's settings, every trial's state, and the searcher, scheduler and stoppers
 * each with its class and the JSON its {@code saveState()} returned. Keys are snake_case, as Ray
 * Tune writes its experiment state.
 *
 * @param format the version of this layout ({@value #FORMAT})
 * @param timestamp when it was written, epoch seconds
 * @param runner the runner's state
 * @param settings what the experiment ran with, besides its components
 * @param searcher the search algorithm
 * @param scheduler the trial scheduler
 * @param stoppers the stop rules, in order
 * @param trials every trial, in the order created
 */
public record ExperimentState(int format, double timestamp, RunnerState runner, Settings settings, ComponentState searcher,
                              ComponentState scheduler, List<ComponentState> stoppers, List<TrialState> trials) {

    /** The file name inside the experiment folder. */
    public static final String FILE = "experiment_state.json";
    /** The layout version this code writes and reads. */
    public static final int FORMAT = 2;

    /** Doubles in the shortest digits that read back as the same value, written by Jackson's fast writer (JDK 17's is several times slower). */
    private static final ObjectMapper JSON = JsonMapper.builder().enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER).build()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
    /** Parses component states only to check them: field names are not interned (a scheduler's state may name every trial). */
    private static final JsonFactory CHECKER = JsonFactory.builder().disable(JsonFactory.Feature.CANONICALIZE_FIELD_NAMES).build();

    /**
     * @param experiment the experiment's name
     * @param trainable the trainable's name
     * @param seed the experiment seed
     * @param metric the metric, or null
     * @param mode "min" or "max", or null
     * @param trialIdPrefix the five hex digits every trial id starts with
     * @param stopped whether the experiment was stopped (by a stopper or failFast)
     * @param metrics every metric of a multi-objective experiment, the first being {@code metric}
     *        (Ray Tune's {@code metric=[...]}); empty for a single metric (and in states written before it was recorded)
     * @param modes the mode ("min" or "max") of each of {@code metrics}, in the same order
     */
    public record RunnerState(String experiment, String trainable, long seed, String metric, String mode, String trialIdPrefix, boolean stopped,
                              List<String> metrics, List<String> modes) {
        public RunnerState {
            metrics = metrics == null ? List.of() : List.copyOf(metrics);
            modes = modes == null ? List.of() : List.copyOf(modes);
        }

        /** The state of an experiment with these objectives (empty for a single metric). */
        static RunnerState of(String experiment, String trainable, long seed, String metric, Mode mode, String trialIdPrefix, boolean stopped,
                              List<Objective> objectives) {
            return new RunnerState(experiment, trainable, seed, metric, mode == null ? null : mode.toString(), trialIdPrefix, stopped,
                    objectives.stream().map(Objective::metric).toList(), objectives.stream().map(o -> o.mode().toString()).toList());
        }
    }

    /**
     * The objectives {@code runner} records; a TuneException names the file's entry when its
     * metrics and modes do not pair up.
     */
    public static List<Objective> objectives(RunnerState runner) {
        if (runner.metrics().isEmpty() && runner.modes().isEmpty()) {
            return List.of();
        }
        try {
            return Objective.of(runner.metrics(), runner.modes().stream().map(Mode::parse).toList());
        } catch (IllegalArgumentException e) {
            throw new TuneException("the experiment state " + FILE + " records metrics " + runner.metrics() + " with modes " + runner.modes()
                    + " that do not pair up (" + e.getMessage() + "); the file was edited or is corrupt", e);
        }
    }

    /**
     * The settings a resumed experiment runs with again (the caller may change them after
     * {@code Tuner.restore}).
     *
     * @param numSamples how many times the space is sampled
     * @param maxFailures retries of a failed trial (-1 = unlimited)
     * @param failFast what a trial error does to the experiment
     * @param maxConcurrentTrials at most this many trials at once (0 = as resources allow)
     * @param resources what each trial needs
     * @param checkpoint when trials checkpoint and how many checkpoints are kept
     * @param reuseTrainables whether finished trainables take the next config through {@code reset}
     * @param spaceParameters the paths of the search space's parameters, sorted (the space itself is code)
     * @param deterministicWidth deterministic mode's logical width (so a restore continues in the same mode); 0 when it was off,
     *        null in a state saved before the width was kept
     */
    public record Settings(int numSamples, int maxFailures, FailFast failFast, int maxConcurrentTrials, ResourceRequest resources,
                           CheckpointPolicy checkpoint, boolean reuseTrainables, List<String> spaceParameters, Integer deterministicWidth) {
    }

    /**
     * A searcher, scheduler or stopper: its class (with the classes a searcher wraps), to check that
     * a resumed experiment uses the same, and its saved state.
     */
    public record ComponentState(String type, JsonNode state) {
    }

    /**
     * One trial: what resuming it needs. Results are not here: each trial's result.json has them.
     *
     * @param trainingIteration the iteration its current run reached
     * @param checkpoints its tracked checkpoints, oldest first; the last is the one to resume from
     * @param resources what its next start commits, when a scheduler changed it from the experiment's
     *        resources per trial; null when it has the experiment's
     */
    @JsonSerialize(using = TrialStateWriter.class)
    public record TrialState(String trialId, int index, String name, String experimentTag, TrialStatus status, Map<String, Object> config,
                             int numFailures, long trainingIteration, double timeTotalS, String errorTrace, List<CheckpointState> checkpoints,
                             ResourceRequest resources) {
    }

    /**
     * Writes a trial's entry field by field, the fields the record's own serialisation writes
     * (snake_case, in the record's order), without looking them up by reflection: a snapshot of many
     * trials spends most of its time on these entries.
     */
    static final class TrialStateWriter extends StdSerializer<TrialState> {
        TrialStateWriter() {
            super(TrialState.class);
        }

        @Override
        public void serialize(TrialState t, JsonGenerator g, SerializerProvider provider) throws IOException {
            g.writeStartObject();
            g.writeStringField("trial_id", t.trialId());
            g.writeNumberField("index", t.index());
            g.writeStringField("name", t.name());
            g.writeStringField("experiment_tag", t.experimentTag());
            g.writeStringField("status", t.status() == null ? null : t.status().name());
            provider.defaultSerializeField("config", t.config(), g);
            g.writeNumberField("num_failures", t.numFailures());
            g.writeNumberField("training_iteration", t.trainingIteration());
            g.writeNumberField("time_total_s", t.timeTotalS());
            g.writeStringField("error_trace", t.errorTrace());
            provider.defaultSerializeField("checkpoints", t.checkpoints(), g);
            provider.defaultSerializeField("resources", t.resources(), g);
            g.writeEndObject();
        }
    }

    /** A tracked checkpoint: its folder, the iteration and total time its state is at, and its keep-N score. */
    public record CheckpointState(String path, long trainingIteration, double timeTotalS, double score) {
    }

    /** This state as JSON bytes, in pieces (a large experiment's state is never copied into one array). */
    public PiecedBytes toJson() {
        PiecedBytes json = new PiecedBytes();
        try {
            JSON.writeValue(json, this);
        } catch (IOException e) { // PiecedBytes throws none: a JacksonException
            String why = e instanceof JacksonException j ? j.getOriginalMessage() : e.toString();
            throw new TuneException("cannot serialise the state of experiment " + runner.experiment() + ": " + why, e);
        }
        return json;
    }

    /**
     * A component's class and saved state; an error names the component when the state is not one
     * JSON value. The text is checked by a streaming parse and written into the snapshot as it is,
     * not parsed into a tree and written again (a scheduler's state may hold every trial).
     */
    static ComponentState componentState(String role, Object component, String json) {
        String type = ComponentException.typeOf(component);
        String text = json == null ? "null" : json;
        try (JsonParser parser = CHECKER.createParser(text)) {
            if (parser.nextToken() == null) {
                throw new TuneException("the " + role + " " + type + " saved an empty state; saveState() must return JSON text");
            }
            parser.skipChildren();
            if (parser.nextToken() != null) {
                throw new TuneException("the " + role + " " + type + " saved a state with more than one JSON value; saveState() must return one");
            }
        } catch (JacksonException e) {
            throw new TuneException("the " + role + " " + type + " saved a state that is not JSON (" + e.getOriginalMessage() + "); saveState() must return JSON text");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new ComponentState(type, JsonNodeFactory.instance.rawValueNode(new RawValue(text)));
    }

    /** The JSON text a component's {@code restoreState} takes. */
    public static String json(JsonNode state) {
        return state.toString();
    }

    /**
     * Reads {@code experiment_state.json}. A missing, truncated or corrupted file, or one of another
     * format, is a {@link TuneException} naming the file and what is wrong; nothing is changed.
     */
    public static ExperimentState read(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new TuneException("there is no experiment state " + file + ": the folder holds no experiment to resume (or its first snapshot was never written)", e);
        } catch (IOException e) {
            throw new TuneException("cannot read the experiment state " + file + ": " + e.getMessage(), e);
        }
        JsonNode root;
        try {
            root = JSON.readTree(bytes);
        } catch (JacksonException e) {
            throw new TuneException("the experiment state " + file + " is truncated or corrupted (" + e.getOriginalMessage() + " at "
                    + (e.getLocation() == null ? "?" : "line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr())
                    + "); restore it from a copy or start a new experiment", e);
        } catch (IOException e) {
            throw new TuneException("cannot read the experiment state " + file + ": " + e.getMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new TuneException("the experiment state " + file + " is empty or not a JSON object; restore it from a copy or start a new experiment");
        }
        int format = root.path("format").asInt(-1);
        if (format != FORMAT) {
            throw new TuneException("the experiment state " + file + " has format " + root.path("format") + ", but this jtune reads format " + FORMAT);
        }
        for (String field : List.of("runner", "searcher", "scheduler", "stoppers", "trials", "settings")) {
            if (!root.has(field)) {
                throw new TuneException("the experiment state " + file + " lacks '" + field + "'; it is not a complete jtune experiment state");
            }
        }
        ExperimentState state;
        try {
            state = JSON.treeToValue(root, ExperimentState.class);
        } catch (JacksonException e) {
            throw new TuneException("the experiment state " + file + " is not a complete jtune experiment state: " + e.getOriginalMessage(), e);
        }
        state.requireComplete(file);
        return state;
    }

    private void requireComplete(Path file) {
        if (runner == null || runner.trialIdPrefix() == null || runner.trainable() == null || settings == null || settings.spaceParameters() == null
                || trials == null || stoppers == null) {
            throw new TuneException("the experiment state " + file + " has no runner, trainable, trial-id prefix, settings, trials or stoppers; it is not a complete jtune experiment state");
        }
        List<ComponentState> components = new ArrayList<>(stoppers);
        components.add(searcher);
        components.add(scheduler);
        for (ComponentState c : components) {
            if (c == null || c.type() == null) {
                throw new TuneException("the experiment state " + file + " has a searcher, scheduler or stopper without its type; it is not a complete jtune experiment state");
            }
        }
        for (TrialState t : trials) {
            if (t == null || t.trialId() == null || t.name() == null || t.status() == null || t.config() == null || t.checkpoints() == null) {
                throw new TuneException("the experiment state " + file + " has an incomplete trial entry " + t + "; it is not a complete jtune experiment state");
            }
        }
    }
}
