package io.jtune.engine.stop;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.api.Result;
import io.jtune.api.TuneException;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.Stopper;
import io.jtune.engine.search.StateJson;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Stops when any of its stoppers does (Ray Tune's {@code CombinedStopper}). Unlike Ray's
 * short-circuiting {@code any()}, every stopper sees every result and every {@code stopAll} check,
 * so stateful stoppers (counters, plateaus, time budgets) stay exact. Saves each stopper's state.
 */
public final class CombinedStopper implements Stopper {
    private final List<Stopper> stoppers;
    private final Set<String> metrics;

    public CombinedStopper(Stopper... stoppers) {
        this(List.of(stoppers));
    }

    public CombinedStopper(List<? extends Stopper> stoppers) {
        for (int i = 0; i < stoppers.size(); i++) {
            if (stoppers.get(i) == null) {
                throw new IllegalArgumentException("CombinedStopper: stopper #" + i + " is null");
            }
        }
        this.stoppers = List.copyOf(stoppers);
        Set<String> all = new LinkedHashSet<>();
        this.stoppers.forEach(s -> all.addAll(s.metrics()));
        this.metrics = Collections.unmodifiableSet(all);
    }

    @Override
    public void setup(ExperimentInfo experiment) {
        stoppers.forEach(s -> s.setup(experiment));
    }

    @Override
    public boolean shouldStop(String trialId, Result result) {
        boolean stop = false;
        for (Stopper s : stoppers) {
            stop |= s.shouldStop(trialId, result);
        }
        return stop;
    }

    @Override
    public boolean stopAll() {
        boolean stop = false;
        for (Stopper s : stoppers) {
            stop |= s.stopAll();
        }
        return stop;
    }

    @Override
    public Set<String> metrics() {
        return metrics;
    }

    @Override
    public String saveState() {
        ObjectNode state = StateJson.object();
        ArrayNode states = state.putArray("stoppers");
        stoppers.forEach(s -> states.add(StateJson.parse(s.saveState(), s.getClass().getSimpleName())));
        return StateJson.write(state);
    }

    @Override
    public void restoreState(String json) {
        JsonNode states = StateJson.parse(json, "CombinedStopper").path("stoppers");
        if (!states.isMissingNode() && states.size() != stoppers.size()) {
            throw new TuneException("CombinedStopper: the saved state has " + states.size() + " stoppers but this one combines " + stoppers.size()
                    + "; resume with the same stoppers in the same order");
        }
        for (int i = 0; i < states.size(); i++) {
            stoppers.get(i).restoreState(StateJson.write(states.get(i)));
        }
    }
}
