package io.jtune.engine.search.tpe;

import io.jtune.engine.search.model.Knobs;
import java.util.OptionalLong;

/**
 * The knobs of {@link TpeSearch}; {@link #defaults()} are Optuna 3.1's {@code TPESampler()}'s exactly.
 *
 * @param nStartupTrials    trials drawn at random before the model is used (10)
 * @param nEiCandidates     candidates drawn from the good density to pick the best ratio from (24)
 * @param gamma             fraction of the trials that form the good group: {@code min(ceil(gamma n), gammaMax)} (0.1)
 * @param gammaMax          the good group's largest size (25)
 * @param priorWeight       weight of the prior kernel (the whole range) against one observation (1.0)
 * @param considerPrior     whether each density has the prior kernel: centre of the range, width the
 *                          whole range, uniform over the categories (true; a density of no trials has it anyway)
 * @param considerEndpoints whether the outermost kernels' widths count the distance to the bounds (false)
 * @param multivariate      one joint mixture over all parameters instead of one per parameter (false)
 * @param normalizedKernels numeric kernels that integrate to 1 (true, as Optuna since 3.5: {@link #trueDensities()}), or,
 *                          as Optuna 3.1 to 3.4 (whose truncated-normal log density omits the
 *                          {@code -log sigma} term, optuna#5109), kernels whose height does not shrink as
 *                          their bandwidth grows, so wide kernels (the prior, isolated trials) weigh more
 *                          (false: it explores more, and searched better on the search suite of
 *                          docs/benchmarks.md at 50 and 200 trials, worse on the SVM-like conditional space)
 * @param seed              a seed of the searcher's own; empty derives one from the experiment's seed
 */
public record TpeSettings(int nStartupTrials, int nEiCandidates, double gamma, int gammaMax, double priorWeight,
                          boolean considerPrior, boolean considerEndpoints, boolean multivariate, boolean normalizedKernels,
                          OptionalLong seed) {

    public TpeSettings {
        Knobs.require("TPE", nStartupTrials >= 0, "nStartupTrials must be >= 0, got " + nStartupTrials);
        Knobs.require("TPE", nEiCandidates >= 1, "nEiCandidates must be >= 1, got " + nEiCandidates);
        Knobs.require("TPE", gamma > 0 && gamma <= 1, "gamma must be in (0, 1], got " + gamma);
        Knobs.require("TPE", gammaMax >= 1, "gammaMax must be >= 1, got " + gammaMax);
        Knobs.require("TPE", priorWeight > 0 && Double.isFinite(priorWeight), "priorWeight must be a finite value > 0, got " + priorWeight);
    }


    /**
     * Optuna 3.1's {@code TPESampler()} exactly, its kernels included: {@code @Tpe}'s and
     * {@code new TpeSearch()}'s settings. {@code TpeGoldenTest} pins their good/bad split, weights,
     * kernel centres and bandwidths, category probabilities and log density ratios to Optuna 3.1's
     * own to 1e-9. No variant of the knobs beat them on the search suite at both budgets (docs/tpe.md).
     */
    public static TpeSettings defaults() {
        return new TpeSettings(10, 24, 0.1, 25, 1.0, true, false, false, false, OptionalLong.empty());
    }

    /** Optuna 3.1's {@code TPESampler()} exactly, as {@code @Tpe(preset = TpePreset.OPTUNA)} names it: the same as {@link #defaults()}. */
    public static TpeSettings optuna() {
        return defaults();
    }

    /**
     * Optuna 3.1's rules with numeric kernels that are true densities, as Optuna from 3.5 has them
     * ({@code TpePreset.JTUNE}): {@link MotpeSearch}'s defaults; for {@link TpeSearch} an option.
     */
    public static TpeSettings trueDensities() {
        return defaults().withNormalizedKernels(true);
    }

    /** Optuna 3.1's {@code MOTPESampler()} for {@link MotpeSearch}: {@link #optuna()} with the bounds counted in the outermost bandwidths. */
    public static TpeSettings optunaMotpe() {
        return optuna().withConsiderEndpoints(true);
    }

    /** Size of the good group among {@code n} trials: {@code min(ceil(gamma n), gammaMax)}. */
    public int goodCount(int n) {
        return Math.min((int) Math.ceil(gamma * n), gammaMax);
    }

    public TpeSettings withNStartupTrials(int v) {
        return new TpeSettings(v, nEiCandidates, gamma, gammaMax, priorWeight, considerPrior, considerEndpoints, multivariate, normalizedKernels, seed);
    }

    public TpeSettings withNEiCandidates(int v) {
        return new TpeSettings(nStartupTrials, v, gamma, gammaMax, priorWeight, considerPrior, considerEndpoints, multivariate, normalizedKernels, seed);
    }

    public TpeSettings withGamma(double v, int max) {
        return new TpeSettings(nStartupTrials, nEiCandidates, v, max, priorWeight, considerPrior, considerEndpoints, multivariate, normalizedKernels, seed);
    }

    public TpeSettings withPriorWeight(double v) {
        return new TpeSettings(nStartupTrials, nEiCandidates, gamma, gammaMax, v, considerPrior, considerEndpoints, multivariate, normalizedKernels, seed);
    }

    public TpeSettings withConsiderPrior(boolean v) {
        return new TpeSettings(nStartupTrials, nEiCandidates, gamma, gammaMax, priorWeight, v, considerEndpoints, multivariate, normalizedKernels, seed);
    }

    public TpeSettings withConsiderEndpoints(boolean v) {
        return new TpeSettings(nStartupTrials, nEiCandidates, gamma, gammaMax, priorWeight, considerPrior, v, multivariate, normalizedKernels, seed);
    }

    public TpeSettings withMultivariate(boolean v) {
        return new TpeSettings(nStartupTrials, nEiCandidates, gamma, gammaMax, priorWeight, considerPrior, considerEndpoints, v, normalizedKernels, seed);
    }

    public TpeSettings withNormalizedKernels(boolean v) {
        return new TpeSettings(nStartupTrials, nEiCandidates, gamma, gammaMax, priorWeight, considerPrior, considerEndpoints, multivariate, v, seed);
    }

    public TpeSettings withSeed(long v) {
        return new TpeSettings(nStartupTrials, nEiCandidates, gamma, gammaMax, priorWeight, considerPrior, considerEndpoints, multivariate, normalizedKernels,
                OptionalLong.of(v));
    }
}
