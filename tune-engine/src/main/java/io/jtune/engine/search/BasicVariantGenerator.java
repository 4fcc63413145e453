package io.jtune.engine.search;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.api.Config;
import io.jtune.api.TuneException;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.SearchAlgorithm;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Grid and random search over the experiment's space, as Ray Tune's {@code BasicVariantGenerator}
 * (the default searcher). The grid dimensions are crossed (in the order of their sorted paths, the
 * first varying fastest, as Ray does), the whole grid is repeated {@code numSamples} times, and
 * every variant draws fresh values for the random dimensions; constants pass through and
 * sample-from functions are resolved last. Points to evaluate come first, each using one of the
 * {@code numSamples} and crossing the grid dimensions it does not set (Ray's semantics).
 *
 * <p>Variant {@code k} draws from a generator seeded by the experiment seed and {@code k} alone,
 * so the same seed gives the same configs in the same order however trials interleave. The saved
 * state is the next variant number and the seed, so a resumed search continues exactly.
 */
public final class BasicVariantGenerator implements SearchAlgorithm {
    private static final String NAME = "BasicVariantGenerator";

    private final int numSamples;
    private final List<Config> pointsToEvaluate;
    private VariantPlan plan;
    private long total;
    private long seed;
    private long next;

    /** {@code numSamples} samples of the space (each crossing its grid); -1 for no limit (stop with a stopper). */
    public BasicVariantGenerator(int numSamples) {
        this(numSamples, List.of());
    }

    /** As {@link #BasicVariantGenerator(int)}, evaluating the given (possibly partial) configs first. */
    public BasicVariantGenerator(int numSamples, List<Config> pointsToEvaluate) {
        if (numSamples < 1 && numSamples != -1) {
            throw new IllegalArgumentException(NAME + ": numSamples must be >= 1 (or -1 for no limit), got " + numSamples);
        }
        this.numSamples = numSamples;
        this.pointsToEvaluate = List.copyOf(pointsToEvaluate);
    }

    @Override
    public void setup(ExperimentInfo experiment) {
        SearchSpace space = experiment.space() == null ? SearchSpace.empty() : experiment.space();
        plan = VariantPlan.of(space, pointsToEvaluate, numSamples);
        total = plan.total();
        seed = experiment.seedFor(NAME);
        next = 0;
    }

    @Override
    public Config suggest(String trialId) {
        if (plan == null) {
            throw new IllegalStateException(NAME + ": setup(ExperimentInfo) must be called before suggest");
        }
        if (isFinished()) {
            return null;
        }
        long index = next++;
        return plan.variant(index, new SplittableRandom(variantSeed(seed, index)));
    }

    @Override
    public boolean isFinished() {
        return plan != null && total >= 0 && next >= total;
    }

    /** How many configs this searcher gives in all, or -1 when unlimited; known after setup. */
    public long totalVariants() {
        return total;
    }

    @Override
    public String saveState() {
        return SavedState.write(next, seed, total);
    }

    @Override
    public void restoreState(String json) {
        long[] saved = SavedState.read(json, seed, total);
        if (saved == null) {
            return;
        }
        if (saved[2] != total) {
            throw new TuneException(NAME + ": the saved search had " + saved[2] + " variants but this space, numSamples and points give " + total
                    + "; resume with the same space, numSamples and pointsToEvaluate, or start a new experiment");
        }
        next = saved[0];
        seed = saved[1];
    }

    /**
     * The saved state's JSON, in a class of its own so that a run that never saves or restores
     * loads no Jackson class for this searcher (the JVM's verifier would load them with this class).
     */
    private static final class SavedState {
        private SavedState() {
        }

        static String write(long next, long seed, long total) {
            ObjectNode state = StateJson.object();
            state.put("next", next);
            state.put("seed", seed);
            state.put("total", total);
            return StateJson.write(state);
        }

        /** {@code {next, seed, total}} as saved (the given seed and total where it has none), or null when it holds no position. */
        static long[] read(String json, long seed, long total) {
            ObjectNode state = StateJson.parse(json, NAME);
            if (!state.has("next")) {
                return null;
            }
            return new long[] {state.get("next").asLong(), state.path("seed").asLong(seed), state.path("total").asLong(total)};
        }
    }

    /** A well-mixed seed for one variant (a SplittableRandom seeded with {@code seed + k} would share streams). */
    private static long variantSeed(long seed, long index) {
        long h = seed ^ (index * 0x9E3779B97F4A7C15L);
        h = (h ^ (h >>> 30)) * 0xBF58476D1CE4E5B9L;
        h = (h ^ (h >>> 27)) * 0x94D049BB133111EBL;
        return h ^ (h >>> 31);
    }
}
