package io.jtune.engine.search.mo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.api.Result;
import io.jtune.api.spi.Objective;
import io.jtune.engine.search.model.JsonArrays;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a multi-objective searcher keeps of its trials: the vectors of those in flight, and the
 * finished ones with their losses (one per objective, lower is better) in the order they finished;
 * a trial that errs or lacks a finite value of an objective is dropped. Saved into and restored
 * from the searcher's JSON state.
 */
public final class MultiObjectiveTrials {
    private final List<Objective> objectives;
    private final Map<String, Pending> pending = new LinkedHashMap<>();
    private final List<Evaluated> evaluated = new ArrayList<>();

    private record Pending(double[] x, int order) {
    }

    /** A finished trial: its vector, its losses and its number in suggestion order. */
    public record Evaluated(double[] x, double[] losses, int order) {
    }

    public MultiObjectiveTrials(List<Objective> objectives) {
        this.objectives = List.copyOf(objectives);
    }

    /** A trial was given vector {@code x} as suggestion number {@code order}. */
    public void suggested(String trialId, double[] x, int order) {
        pending.put(trialId, new Pending(x, order));
    }

    /** A trial finished; it joins {@link #evaluated()} when it has a finite value of every objective. */
    public void complete(String trialId, Result lastResult, boolean error) {
        Pending p = pending.remove(trialId);
        if (p == null || error || lastResult == null) {
            return;
        }
        double[] losses = new double[objectives.size()];
        for (int i = 0; i < losses.length; i++) {
            Objective o = objectives.get(i);
            double v = lastResult.has(o.metric()) && lastResult.get(o.metric()) instanceof Number n ? n.doubleValue() : Double.NaN;
            if (!Double.isFinite(v)) {
                return;
            }
            losses[i] = o.loss(v);
        }
        evaluated.add(new Evaluated(p.x(), losses, p.order()));
    }

    public List<Evaluated> evaluated() {
        return Collections.unmodifiableList(evaluated);
    }

    public void save(ObjectNode root) {
        ObjectNode inFlight = root.putObject("pending");
        pending.forEach((id, p) -> {
            ObjectNode n = inFlight.putObject(id);
            JsonArrays.put(n, "x", p.x());
            n.put("order", p.order());
        });
        ArrayNode done = root.putArray("evaluated");
        for (Evaluated e : evaluated) {
            ObjectNode n = done.addObject();
            JsonArrays.put(n, "x", e.x());
            JsonArrays.put(n, "losses", e.losses());
            n.put("order", e.order());
        }
    }

    public void restore(JsonNode root) {
        pending.clear();
        root.path("pending").properties().forEach(e -> pending.put(e.getKey(), new Pending(JsonArrays.doubles(e.getValue().path("x")), e.getValue().path("order").asInt())));
        evaluated.clear();
        for (JsonNode n : root.path("evaluated")) {
            double[] losses = JsonArrays.doubles(n.path("losses"));
            if (losses.length != objectives.size()) {
                throw new IllegalArgumentException("the saved search has " + losses.length + " objectives per trial, but this experiment has " + objectives
                        + ": resume with the same metrics (declare them again with metrics(...) on the restored Tuner)");
            }
            evaluated.add(new Evaluated(JsonArrays.doubles(n.path("x")), losses, n.path("order").asInt()));
        }
    }
}
