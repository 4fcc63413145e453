package io.jtune.engine.runner;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.api.TuneException;
import io.jtune.api.spi.Stopper;
import io.jtune.engine.ExperimentSpec;
import io.jtune.engine.checkpoint.TrackedCheckpoint;
import java.util.List;

/**
 * Serialises the experiment's state as {@code experiment_state.json}: the runner's (trainable,
 * seed, metric, the trial-id prefix, whether it was stopped), every trial's (id, name, tag,
 * status, config, failures, progress counters, last error, tracked checkpoints), and the saved
 * state of the searcher, scheduler and stoppers, each embedded as the JSON it returned. Enough to
 * continue the same search and schedule; results themselves stay in each trial's result.json.
 */
final class ExperimentSnapshot {
    /** The file name inside the experiment folder. */
    static final String FILE = "experiment_state.json";
    static final int FORMAT = 1;
    private static final ObjectMapper JSON = new ObjectMapper();

    private ExperimentSnapshot() {
    }

    static byte[] serialize(ExperimentSpec spec, String idPrefix, boolean stopped, List<Trial> trials) {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("timestamp", System.currentTimeMillis() / 1000.0);
        ObjectNode runner = root.putObject("runner");
        runner.put("experiment", spec.name());
        runner.put("trainable", spec.trainable().name());
        runner.put("seed", spec.seed());
        runner.put("metric", spec.metric());
        runner.put("mode", spec.mode() == null ? null : spec.mode().toString());
        runner.put("trial_id_prefix", idPrefix);
        runner.put("stopped", stopped);
        root.set("searcher", component("searcher " + spec.searcher().getClass().getName(), spec.searcher().saveState()));
        root.set("scheduler", component("scheduler " + spec.scheduler().getClass().getName(), spec.scheduler().saveState()));
        ArrayNode stoppers = root.putArray("stoppers");
        for (Stopper s : spec.stoppers()) {
            stoppers.add(component("stopper " + s.getClass().getName(), s.saveState()));
        }
        ArrayNode trialArray = root.putArray("trials");
        for (Trial t : trials) {
            trialArray.add(trial(t));
        }
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root);
        } catch (JsonProcessingException e) {
            throw new TuneException("cannot serialise the state of experiment " + spec.name() + ": " + e.getOriginalMessage(), e);
        }
    }

    private static JsonNode component(String who, String state) {
        try {
            return JSON.readTree(state == null ? "null" : state);
        } catch (JsonProcessingException e) {
            throw new TuneException("the " + who + " saved a state that is not JSON (" + e.getOriginalMessage() + "); saveState() must return JSON text");
        }
    }

    private static ObjectNode trial(Trial t) {
        ObjectNode node = JSON.createObjectNode();
        node.put("trial_id", t.id());
        node.put("index", t.index());
        node.put("name", t.name());
        node.put("experiment_tag", t.experimentTag());
        node.put("status", t.status().name());
        node.set("config", JSON.valueToTree(t.config().toMap()));
        node.put("num_failures", t.numFailures());
        node.put("training_iteration", t.iteration);
        node.put("time_total_s", t.timeTotalS);
        node.put("error_trace", t.errorTrace());
        ArrayNode checkpoints = node.putArray("checkpoints");
        for (TrackedCheckpoint c : t.checkpoints().all()) {
            ObjectNode cp = checkpoints.addObject();
            cp.put("path", c.checkpoint().path().toString());
            cp.put("training_iteration", c.iteration());
            cp.put("time_total_s", c.timeTotalS());
            cp.put("score", c.score());
        }
        return node;
    }
}
