package io.jtune.engine.stop;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.api.Result;
import io.jtune.api.spi.Stopper;
import io.jtune.engine.search.StateJson;
import java.util.HashMap;
import java.util.Map;

/**
 * Stops a trial once it has reported {@code maxIter} results (Ray Tune's
 * {@code MaximumIterationStopper}: it counts the results it sees per trial). Saves its counts.
 */
public final class MaximumIterationStopper implements Stopper {
    private static final String NAME = "MaximumIterationStopper";

    private final int maxIter;
    private final Map<String, int[]> seen = new HashMap<>();

    public MaximumIterationStopper(int maxIter) {
        if (maxIter < 1) {
            throw new IllegalArgumentException(NAME + ": maxIter must be >= 1, got " + maxIter);
        }
        this.maxIter = maxIter;
    }

    @Override
    public boolean shouldStop(String trialId, Result result) {
        int[] count = seen.computeIfAbsent(trialId, id -> new int[1]);
        return ++count[0] >= maxIter;
    }

    @Override
    public String saveState() {
        ObjectNode state = StateJson.object();
        ObjectNode counts = state.putObject("iterations");
        seen.forEach((id, n) -> counts.put(id, n[0]));
        return StateJson.write(state);
    }

    @Override
    public void restoreState(String json) {
        seen.clear();
        StateJson.parse(json, NAME).path("iterations").properties().forEach(e -> seen.put(e.getKey(), new int[] {e.getValue().asInt()}));
    }
}
