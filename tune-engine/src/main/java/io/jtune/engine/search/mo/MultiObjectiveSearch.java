package io.jtune.engine.search.mo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.search.StateJson;
import io.jtune.engine.search.mo.MultiObjectiveTrials.Evaluated;
import io.jtune.engine.search.model.SpaceEncoding;
import java.util.List;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * What the multi-objective searchers share: the objectives and encoded space from the experiment,
 * the trials ({@link MultiObjectiveTrials}), a random stream per suggestion derived from the seed
 * and the trial's number (so a restored search continues exactly), and JSON state. A subclass
 * proposes the next vector and may keep model state of its own.
 */
public abstract class MultiObjectiveSearch implements SearchAlgorithm {
    private final String name;
    private final OptionalLong seedOverride;
    private SpaceEncoding encoding;
    private MultiObjectiveTrials trials;
    private long seed;
    private int suggested;

    protected MultiObjectiveSearch(String name, OptionalLong seed) {
        this.name = name;
        this.seedOverride = seed;
    }

    @Override
    public final void setup(ExperimentInfo experiment) {
        trials = new MultiObjectiveTrials(experiment.requireObjectives(name));
        encoding = SpaceEncoding.of(experiment.space(), name);
        seed = seedOverride.orElse(experiment.seedFor(name));
    }

    /** The next vector for suggestion number {@code order}, given the finished trials. */
    protected abstract double[] propose(int order, List<Evaluated> finished, RandomGenerator rng);

    @Override
    public final Config suggest(String trialId) {
        if (encoding == null) {
            throw new IllegalStateException(name + ": setup(ExperimentInfo) must be called before suggest");
        }
        int order = suggested++;
        RandomGenerator rng = new SplittableRandom(seed ^ (order + 1) * 0x9E3779B97F4A7C15L);
        double[] x = encoding.snap(propose(order, trials.evaluated(), rng));
        trials.suggested(trialId, x, order);
        return encoding.decode(x, rng);
    }

    protected final SpaceEncoding encoding() {
        return encoding;
    }

    @Override
    public final boolean isFinished() {
        return false;
    }

    @Override
    public final void onTrialComplete(String trialId, Result lastResult, boolean error) {
        trials.complete(trialId, lastResult, error);
    }

    /** The subclass's model state, saved with the searcher's. */
    protected void saveModel(ObjectNode root) {
    }

    /** Restores what {@link #saveModel} wrote. */
    protected void restoreModel(JsonNode root) {
    }

    @Override
    public final String saveState() {
        ObjectNode root = StateJson.object();
        root.put("suggested", suggested);
        trials.save(root);
        saveModel(root);
        return StateJson.write(root);
    }

    @Override
    public final void restoreState(String json) {
        ObjectNode root = StateJson.parse(json, name);
        suggested = root.path("suggested").asInt();
        trials.restore(root);
        restoreModel(root);
    }
}
