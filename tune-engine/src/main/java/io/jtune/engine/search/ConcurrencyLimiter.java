package io.jtune.engine.search;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.spi.SearchAlgorithm;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Caps how many trials suggested by a searcher run at once (Ray Tune's {@code ConcurrencyLimiter}):
 * {@link #suggest} gives null while {@code maxConcurrent} of its trials are live, and a trial stops
 * being live when it completes. Everything else is forwarded to the wrapped searcher; results of
 * trials it did not suggest are not. The live trials are part of the saved state.
 */
public final class ConcurrencyLimiter implements SearcherWrapper {
    private static final String NAME = "ConcurrencyLimiter";

    private final SearchAlgorithm inner;
    private final int maxConcurrent;
    private final Set<String> live = new LinkedHashSet<>();

    public ConcurrencyLimiter(SearchAlgorithm inner, int maxConcurrent) {
        if (maxConcurrent < 1) {
            throw new IllegalArgumentException(NAME + ": maxConcurrent must be >= 1, got " + maxConcurrent);
        }
        this.inner = SearcherWrapper.requireWrapped(inner, NAME);
        this.maxConcurrent = maxConcurrent;
    }

    @Override
    public SearchAlgorithm wrapped() {
        return inner;
    }

    @Override
    public Config suggest(String trialId) {
        if (live.size() >= maxConcurrent) {
            return null;
        }
        Config config = inner.suggest(trialId);
        if (config != null) {
            live.add(trialId);
        }
        return config;
    }

    @Override
    public boolean isFinished() {
        return inner.isFinished();
    }

    @Override
    public void onTrialResult(String trialId, Result result) {
        if (live.contains(trialId)) {
            inner.onTrialResult(trialId, result);
        }
    }

    @Override
    public void onTrialComplete(String trialId, Result lastResult, boolean error) {
        if (live.remove(trialId)) {
            inner.onTrialComplete(trialId, lastResult, error);
        }
    }

    /** How many of its trials are live now. */
    public int liveTrials() {
        return live.size();
    }

    @Override
    public String saveState() {
        ObjectNode state = StateJson.object();
        ArrayNode ids = state.putArray("live");
        live.forEach(ids::add);
        StateJson.putWrapped(state, inner);
        return StateJson.write(state);
    }

    @Override
    public void restoreState(String json) {
        ObjectNode state = StateJson.parse(json, NAME);
        live.clear();
        state.path("live").forEach(id -> live.add(id.asText()));
        StateJson.restoreWrapped(state, inner);
    }
}
