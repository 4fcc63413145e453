package io.jtune.engine.search;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.log.LazyLogger;

/**
 * Ends a searcher after {@code numSamples} suggestions, as Ray Tune's {@code SearchGenerator} does
 * for every searcher but the basic variant generator: a model-based searcher never runs out of
 * configs, so the experiment's {@code numSamples} is what ends it. Finished when that many configs
 * were given or the wrapped searcher says it is finished; {@code numSamples = -1} never ends (stop
 * with a stopper). Everything else is forwarded. The saved state is the count and the wrapped
 * searcher's state; a resumed experiment counts on towards its own {@code numSamples}.
 */
public final class SampleLimit implements SearcherWrapper {
    private static final String NAME = "SampleLimit";
    private static final LazyLogger LOG = new LazyLogger(SampleLimit.class);

    private final SearchAlgorithm inner;
    private final int numSamples;
    private long suggested;

    /** @param numSamples how many configs to give at most, or -1 for no limit */
    public SampleLimit(SearchAlgorithm inner, int numSamples) {
        if (numSamples < 1 && numSamples != -1) {
            throw new IllegalArgumentException(NAME + ": numSamples must be >= 1 (or -1 for no limit), got " + numSamples);
        }
        this.inner = SearcherWrapper.requireWrapped(inner, NAME);
        this.numSamples = numSamples;
    }

    /**
     * {@code searcher} limited to {@code numSamples} suggestions, unless it already knows how many it
     * gives: a {@link BasicVariantGenerator} (grid x samples) or a limit, possibly inside other wrappers.
     */
    public static SearchAlgorithm of(SearchAlgorithm searcher, int numSamples) {
        boolean counted = SearcherWrapper.find(searcher, BasicVariantGenerator.class).isPresent()
                || SearcherWrapper.find(searcher, SampleLimit.class).isPresent();
        return counted ? searcher : new SampleLimit(searcher, numSamples);
    }

    @Override
    public SearchAlgorithm wrapped() {
        return inner;
    }

    @Override
    public Config suggest(String trialId) {
        if (isFinished()) {
            return null;
        }
        Config config = inner.suggest(trialId);
        if (config != null && ++suggested == numSamples && !inner.isFinished()) {
            LOG.get().info("{}: numSamples = {} reached, so {} suggests no more trials (raise Tuner.numSamples or @Samples for more)",
                    NAME, numSamples, inner.getClass().getSimpleName());
        }
        return config;
    }

    @Override
    public boolean isFinished() {
        return (numSamples != -1 && suggested >= numSamples) || inner.isFinished();
    }

    @Override
    public void onTrialResult(String trialId, Result result) {
        inner.onTrialResult(trialId, result);
    }

    @Override
    public void onTrialComplete(String trialId, Result lastResult, boolean error) {
        inner.onTrialComplete(trialId, lastResult, error);
    }

    /** How many configs were given so far. */
    public long suggested() {
        return suggested;
    }

    @Override
    public String saveState() {
        ObjectNode state = StateJson.object();
        state.put("suggested", suggested);
        StateJson.putWrapped(state, inner);
        return StateJson.write(state);
    }

    @Override
    public void restoreState(String json) {
        ObjectNode state = StateJson.parse(json, NAME);
        suggested = state.path("suggested").asLong(0);
        StateJson.restoreWrapped(state, inner);
    }
}
