package io.jtune.engine.search.tpe;

import io.jtune.engine.search.mo.Hypervolume;
import io.jtune.engine.search.mo.MultiObjectiveSearch;
import io.jtune.engine.search.mo.MultiObjectiveTrials.Evaluated;
import io.jtune.engine.search.mo.Pareto;
import io.jtune.engine.search.model.Dimension;
import io.jtune.engine.search.model.KernelMixture;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Multi-objective TPE (Ozaki et al. 2020) as Optuna 3.1's {@code MOTPESampler}, for experiments
 * with several metrics ({@code Tuner.metrics}). After {@code nStartupTrials} random trials, the
 * {@code floor(0.1 n)} good trials are whole non-dominated fronts while they fit, the last front
 * cut by greedy hypervolume subset selection (reference point {@code max(1.1 w, 0.9 w)} of that
 * front's worst point w); the good trials' kernels are weighted by their hypervolume contribution
 * (relative to the largest, plus 1e-12), the others equally. Each parameter's densities are
 * fitted as {@link TpeSearch}'s (univariate), {@code nEiCandidates} candidates are drawn from the
 * good density and each parameter takes the candidate value with the best good/bad ratio. The
 * settings' gamma, multivariate and age weights do not apply. Draws come from the seed and the
 * trial's number, so a restored search continues exactly; the state is JSON.
 *
 * <p>With {@link TpeSettings#optunaMotpe()} ({@code @Motpe(preset = TpePreset.OPTUNA)}) the good
 * trials, their weights and both densities are Optuna 3.1's {@code MOTPESampler()}'s to 1e-9
 * ({@code TpeGoldenTest}); the defaults, {@link TpeSettings#trueDensities()}, depart from it in two options: true-density
 * kernels ({@code normalizedKernels}) and bandwidths that ignore the bounds ({@code considerEndpoints}
 * false, as {@code TPESampler}).
 */
public final class MotpeSearch extends MultiObjectiveSearch {
    private static final String NAME = "MotpeSearch";
    private static final double EPS = 1e-12;

    private final TpeSettings settings;

    /** {@link TpeSettings#trueDensities()}: 10 startup trials, 24 candidates, prior weight 1, true-density kernels. */
    public MotpeSearch() {
        this(TpeSettings.trueDensities());
    }

    public MotpeSearch(TpeSettings settings) {
        super(NAME, settings.seed());
        this.settings = settings.withMultivariate(false);
    }

    public TpeSettings settings() {
        return settings;
    }

    @Override
    protected double[] propose(int order, List<Evaluated> done, RandomGenerator rng) {
        return done.size() < Math.max(1, settings.nStartupTrials()) ? encoding().sampleRandom(rng) : model(done, rng);
    }

    private double[] model(List<Evaluated> done, RandomGenerator rng) {
        Densities densities = densities(encoding().dimensions(), done, settings);
        double[][] candidates = densities.below().sample(rng, settings.nEiCandidates(), false);
        for (int i = 0; i < candidates.length; i++) {
            candidates[i] = encoding().snap(candidates[i]);
        }
        return TpeSearch.bestPerDimension(candidates, densities.below(), densities.above());
    }

    /** The good trials (indices into the finished trials, in the order they were chosen) and the good (below) and bad (above) densities. */
    record Densities(int[] good, KernelMixture below, KernelMixture above) {
    }

    /** The densities of the next suggestion: {@code floor(0.1 n)} good trials of the n finished, the others weighted equally. */
    static Densities densities(List<Dimension> dims, List<Evaluated> done, TpeSettings settings) {
        int goodCount = (int) Math.floor(0.1 * done.size());
        double[] badWeights = new double[done.size() - goodCount];
        Arrays.fill(badWeights, 1);
        return densities(dims, done, goodCount, badWeights, settings);
    }

    /**
     * The densities of {@code done}: {@code goodCount} good trials chosen by {@link #goodTrials},
     * weighted by {@link #contributionWeights}, in the order they were chosen; the others, in
     * trial order, weighted by {@code badWeights}.
     */
    static Densities densities(List<Dimension> dims, List<Evaluated> done, int goodCount, double[] badWeights, TpeSettings settings) {
        List<double[]> losses = done.stream().map(Evaluated::losses).toList();
        int[] good = goodTrials(losses, goodCount);
        boolean[] isGood = new boolean[done.size()];
        List<double[]> goodXs = new ArrayList<>();
        List<double[]> goodLosses = new ArrayList<>();
        for (int i : good) {
            isGood[i] = true;
            goodXs.add(done.get(i).x());
            goodLosses.add(losses.get(i));
        }
        List<double[]> badXs = new ArrayList<>();
        for (int i = 0; i < done.size(); i++) {
            if (!isGood[i]) {
                badXs.add(done.get(i).x());
            }
        }
        KernelMixture below = ParzenEstimator.build(dims, goodXs, contributionWeights(goodLosses), settings, (j, c) -> KernelMixture.argsort(c));
        KernelMixture above = ParzenEstimator.build(dims, badXs, badWeights, settings, (j, c) -> KernelMixture.argsort(c));
        return new Densities(good, below, above);
    }

    /**
     * Indices (in {@code losses}) of the {@code count} good trials: whole fronts while they fit (each
     * in trial order), then the points greedy hypervolume subset selection takes from the next
     * front, in the order it takes them (Optuna's order, which puts the kernels in the same order).
     */
    static int[] goodTrials(List<double[]> losses, int count) {
        List<Integer> chosen = new ArrayList<>();
        for (List<Integer> front : Pareto.fronts(losses)) {
            int room = count - chosen.size();
            if (room <= 0) {
                break;
            }
            if (front.size() <= room) {
                chosen.addAll(front);
            } else {
                chosen.addAll(greedySubset(front, losses, room));
            }
        }
        return chosen.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Greedily the {@code size} points of the front adding the most hypervolume, one at a time. */
    private static List<Integer> greedySubset(List<Integer> front, List<double[]> losses, int size) {
        List<double[]> points = front.stream().map(losses::get).toList();
        double[] reference = reference(points);
        List<Integer> chosen = new ArrayList<>();
        List<double[]> selected = new ArrayList<>();
        boolean[] taken = new boolean[points.size()];
        while (chosen.size() < size) {
            double base = Hypervolume.of(selected, reference);
            int best = -1;
            double bestGain = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < points.size(); i++) {
                if (taken[i]) {
                    continue;
                }
                selected.add(points.get(i));
                double gain = Hypervolume.of(selected, reference) - base;
                selected.remove(selected.size() - 1);
                if (gain > bestGain) {
                    bestGain = gain;
                    best = i;
                }
            }
            taken[best] = true;
            selected.add(points.get(best));
            chosen.add(front.get(best));
        }
        return chosen;
    }

    /** Each good trial's share of their hypervolume (what removing it loses), relative to the largest, plus {@value #EPS}. */
    static double[] contributionWeights(List<double[]> goodLosses) {
        int n = goodLosses.size();
        double[] w = new double[n];
        if (n == 1) {
            w[0] = 1;
        }
        if (n <= 1) {
            return w;
        }
        double[] reference = reference(goodLosses);
        double all = Hypervolume.of(goodLosses, reference);
        double max = 0;
        for (int i = 0; i < n; i++) {
            List<double[]> others = new ArrayList<>(goodLosses);
            others.remove(i);
            w[i] = all - Hypervolume.of(others, reference) + EPS;
            max = Math.max(max, w[i]);
        }
        for (int i = 0; i < n; i++) {
            w[i] = Math.max(0, Math.min(1, w[i] / max));
        }
        return w;
    }

    /** Optuna's reference point for a set: {@code max(1.1 w, 0.9 w)} of its worst point w, a zero coordinate made {@value #EPS}. */
    private static double[] reference(List<double[]> points) {
        double[] worst = points.get(0).clone();
        for (double[] p : points) {
            for (int k = 0; k < worst.length; k++) {
                worst[k] = Math.max(worst[k], p[k]);
            }
        }
        double[] ref = new double[worst.length];
        for (int k = 0; k < ref.length; k++) {
            ref[k] = Math.max(1.1 * worst[k], 0.9 * worst[k]);
            if (ref[k] == 0) {
                ref[k] = EPS;
            }
        }
        return ref;
    }
}
