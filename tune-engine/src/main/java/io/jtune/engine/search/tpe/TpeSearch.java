package io.jtune.engine.search.tpe;

import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.api.Config;
import io.jtune.engine.search.model.Dimension;
import io.jtune.engine.search.model.KernelMixture;
import io.jtune.engine.search.model.ModelBasedSearch;
import io.jtune.engine.search.model.Observation;
import io.jtune.engine.search.model.SpaceEncoding;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Tree-structured Parzen estimator search, as Optuna's {@code TPESampler} (the model behind Ray
 * Tune's {@code OptunaSearch} and {@code HyperOptSearch}). After {@code nStartupTrials} random
 * trials, the trials so far are split into a good group (the {@code min(ceil(gamma n), gammaMax)}
 * lowest losses, n counting finished trials only, as Optuna) and the rest; a Parzen density is fitted to each ({@link ParzenEstimator});
 * {@code nEiCandidates} candidates are drawn from the good density and the one maximising
 * good/bad density (equivalent to expected improvement) is suggested, per parameter or jointly
 * when {@code multivariate}. Trials in flight join the bad group (Optuna's constant liar), so
 * parallel suggestions spread out. Works over every domain: numbers (log, quantised, integer),
 * choices and grids (as choices), nested spaces; sample-from values are computed from the
 * suggested config.
 *
 * <p>Conditional spaces as Optuna's independent sampler handles them: the good/bad split is over
 * all trials, and each parameter's densities are fitted only to the trials of each group in which
 * it was active; every parameter is then chosen on its own (also when {@code multivariate}).
 *
 * <p><b>Which TPE.</b> {@link TpeSettings#defaults()} ({@code new TpeSearch()}, {@code @Tpe}, the
 * same as {@link TpeSettings#optuna()} and {@code @Tpe(preset = TpePreset.OPTUNA)}) is Optuna 3.1's
 * {@code TPESampler()} exactly (with {@code constant_liar} for trials in flight, and
 * {@code multivariate=True, group=False} when {@code multivariate}): the good group, every
 * density's weights, kernel centres and bandwidths, category probabilities and the log density of
 * any point agree with Optuna 3.1's own to 1e-9 ({@code TpeGoldenTest}). {@link TpeSettings#trueDensities()}
 * ({@code @Tpe(preset = TpePreset.JTUNE)}) departs from it in one option: numeric kernels that are
 * true densities (as in Optuna from 3.5), where Optuna 3.1's truncated-normal log density omits
 * {@code -log sigma} so that wide kernels weigh more. Equal parameter values
 * (integers, steps) get their bandwidths in trial order, where Optuna 3.1 follows numpy's unstable
 * sort. Candidates are drawn from the same densities with jtune's own random numbers.
 */
public final class TpeSearch extends ModelBasedSearch {
    private final TpeSettings settings;
    private SortedColumns columns;

    /** TPE with {@link TpeSettings#defaults()}: Optuna 3.1's {@code TPESampler()} exactly. */
    public TpeSearch() {
        this(TpeSettings.defaults(), List.of());
    }

    public TpeSearch(TpeSettings settings) {
        this(settings, List.of());
    }

    /** @param pointsToEvaluate configs to try first, in order (partial ones are completed at random) */
    public TpeSearch(TpeSettings settings, List<Config> pointsToEvaluate) {
        super("TpeSearch", pointsToEvaluate, settings.seed());
        this.settings = settings;
    }

    public TpeSettings settings() {
        return settings;
    }

    @Override
    protected void onSetup(SpaceEncoding encoding) {
        columns = new SortedColumns(encoding.dimensions());
    }

    @Override
    protected void onObservation(Observation observation) {
        if (!encoding().isConditional()) {
            columns.add(observation);
        }
    }

    @Override
    protected void restoreModel(JsonNode model) {
        columns = new SortedColumns(encoding().dimensions());
        observations().forEach(this::onObservation);
    }

    @Override
    protected boolean modelsConditions() {
        return true;
    }

    @Override
    protected double[] propose(RandomGenerator rng) {
        SpaceEncoding encoding = encoding();
        if (observations().size() < settings.nStartupTrials()) {
            return encoding.sampleRandom(rng);
        }
        if (encoding.isConditional()) {
            List<Observation> all = withLies(observations(), pending());
            return proposeEachActive(rng, all, goodGroup(all, settings.goodCount(observations().size())));
        }
        Densities densities = densities();
        double[][] candidates = densities.below().sample(rng, settings.nEiCandidates(), settings.multivariate());
        for (int i = 0; i < candidates.length; i++) {
            candidates[i] = encoding.snap(candidates[i]);
        }
        return settings.multivariate()
                ? bestJoint(candidates, densities.below(), densities.above())
                : bestPerDimension(candidates, densities.below(), densities.above());
    }

    /**
     * The finished trials and trials in flight (as lies) in suggestion order, which of them form the
     * good group, and the good (below) and bad (above) densities fitted to them: what the next
     * suggestion over an unconditional space compares its candidates with.
     */
    record Densities(List<Observation> trials, boolean[] good, KernelMixture below, KernelMixture above) {
    }

    /** The {@link Densities} of the next suggestion, from the trials so far. */
    Densities densities() {
        List<Observation> all = withLies(observations(), pending());
        boolean[] good = goodGroup(all, settings.goodCount(observations().size()));
        List<double[]> goodXs = new ArrayList<>();
        List<double[]> badXs = new ArrayList<>();
        int[] badKernelOfOrder = new int[suggestedCount()];
        Arrays.fill(badKernelOfOrder, -1);
        List<Integer> notInColumns = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            Observation o = all.get(i);
            if (good[i]) {
                goodXs.add(o.x());
            } else if (Double.isInfinite(o.loss())) {
                notInColumns.add(badXs.size());
                badXs.add(o.x());
            } else {
                badKernelOfOrder[o.order()] = badXs.size();
                badXs.add(o.x());
            }
        }
        if (ParzenEstimator.hasPrior(settings, badXs.size())) {
            notInColumns.add(badXs.size());
        }
        int[] others = notInColumns.stream().mapToInt(Integer::intValue).toArray();
        KernelMixture below = ParzenEstimator.build(encoding().dimensions(), goodXs, settings);
        KernelMixture above = ParzenEstimator.build(encoding().dimensions(), badXs, settings,
                (j, centres) -> columns.byCentre(j, badKernelOfOrder, others, centres));
        return new Densities(all, good, below, above);
    }

    /** Each dimension on its own, its densities fitted to the trials of each group where it was active (NaN marks inactive). */
    private double[] proposeEachActive(RandomGenerator rng, List<Observation> all, boolean[] good) {
        List<Dimension> dims = encoding().dimensions();
        double[] x = new double[dims.size()];
        for (int j = 0; j < x.length; j++) {
            Densities densities = activeDensities(j, all, good);
            double[][] candidates = densities.below().sample(rng, settings.nEiCandidates(), false);
            for (double[] c : candidates) {
                c[0] = dims.get(j).snap(c[0]);
            }
            x[j] = bestPerDimension(candidates, densities.below(), densities.above())[0];
        }
        return x;
    }

    /** Over a conditional space, dimension {@code j}'s {@link Densities} of the next suggestion (one-dimensional mixtures). */
    Densities activeDensities(int j) {
        List<Observation> all = withLies(observations(), pending());
        return activeDensities(j, all, goodGroup(all, settings.goodCount(observations().size())));
    }

    private Densities activeDensities(int j, List<Observation> all, boolean[] good) {
        List<Dimension> one = List.of(encoding().dimensions().get(j));
        List<double[]> goodXs = new ArrayList<>();
        List<double[]> badXs = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            double v = all.get(i).x()[j];
            if (!Double.isNaN(v)) {
                (good[i] ? goodXs : badXs).add(new double[] {v});
            }
        }
        TpeSettings univariate = settings.withMultivariate(false);
        return new Densities(all, good, ParzenEstimator.build(one, goodXs, univariate), ParzenEstimator.build(one, badXs, univariate));
    }

    /** Finished trials and trials in flight (loss +inf, so they count as bad), in suggestion order. */
    private static List<Observation> withLies(List<Observation> done, List<Observation> inFlight) {
        if (inFlight.isEmpty()) {
            return done;
        }
        List<Observation> all = new ArrayList<>(done.size() + inFlight.size());
        int p = 0;
        for (Observation o : done) {
            while (p < inFlight.size() && inFlight.get(p).order() < o.order()) {
                all.add(lie(inFlight.get(p++)));
            }
            all.add(o);
        }
        while (p < inFlight.size()) {
            all.add(lie(inFlight.get(p++)));
        }
        return all;
    }

    private static Observation lie(Observation pending) {
        return new Observation(pending.x(), Double.POSITIVE_INFINITY, pending.order());
    }

    /** Marks the {@code count} lowest losses (ties: the earlier trial), in one pass keeping a small sorted list. */
    static boolean[] goodGroup(List<Observation> all, int count) {
        int[] best = new int[count];
        int size = 0;
        for (int i = 0; i < all.size(); i++) {
            double loss = all.get(i).loss();
            if (size == count && !(loss < all.get(best[size - 1]).loss())) {
                continue;
            }
            int at = size == count ? size - 1 : size++;
            while (at > 0 && loss < all.get(best[at - 1]).loss()) {
                best[at] = best[at - 1];
                at--;
            }
            best[at] = i;
        }
        boolean[] good = new boolean[all.size()];
        for (int i = 0; i < size; i++) {
            good[best[i]] = true;
        }
        return good;
    }

    private static double[] bestJoint(double[][] candidates, KernelMixture below, KernelMixture above) {
        double[] l = below.logDensityJoint(candidates);
        double[] g = above.logDensityJoint(candidates);
        int best = 0;
        for (int i = 1; i < candidates.length; i++) {
            if (l[i] - g[i] > l[best] - g[best]) {
                best = i;
            }
        }
        return candidates[best];
    }

    static double[] bestPerDimension(double[][] candidates, KernelMixture below, KernelMixture above) {
        double[][] l = below.logDensityPerDimension(candidates);
        double[][] g = above.logDensityPerDimension(candidates);
        double[] x = new double[candidates[0].length];
        for (int j = 0; j < x.length; j++) {
            int best = 0;
            for (int i = 1; i < candidates.length; i++) {
                if (l[i][j] - g[i][j] > l[best][j] - g[best][j]) {
                    best = i;
                }
            }
            x[j] = candidates[best][j];
        }
        return x;
    }
}
