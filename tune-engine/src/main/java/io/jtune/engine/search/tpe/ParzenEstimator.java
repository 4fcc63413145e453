package io.jtune.engine.search.tpe;

import io.jtune.engine.search.model.Dimension;
import io.jtune.engine.search.model.KernelMixture;
import java.util.Arrays;
import java.util.List;

/**
 * Builds TPE's density of one group of trials as Optuna's {@code _ParzenEstimator} does: one
 * kernel per observation plus, unless {@link TpeSettings#considerPrior()} is off, a prior kernel
 * (centre of the range, width the whole range, weight {@code priorWeight}); observation weights by age ({@link #observationWeights}); univariate
 * widths from the distances to the sorted neighbours (prior included), multivariate widths
 * {@code 0.2 n^(-1/(d+4))}; widths clipped to [1/min(100, k+1), 1] of the range for k kernels ("magic clip").
 * Categorical kernels put {@code priorWeight/k} on every category and 1 more on the observed
 * one, normalised; the prior kernel is uniform. Numeric kernels are normalised or of Optuna 3.1's
 * bandwidth-free height ({@link TpeSettings#normalizedKernels()}).
 */
final class ParzenEstimator {
    private static final double PRIOR_MU = 0.5;
    private static final double PRIOR_SIGMA = 1.0;
    private static final double MULTIVARIATE_SIGMA0 = 0.2;
    private static final int FLAT_WEIGHTS = 25;

    private ParzenEstimator() {
    }

    /** How a group's kernels of one dimension are put in order of centre (the prior's centre is last). */
    @FunctionalInterface
    interface CentreOrder {
        int[] byCentre(int dimension, double[] centres);
    }

    /** The density of {@code xs} (vectors in the order their trials were suggested). */
    static KernelMixture build(List<Dimension> dims, List<double[]> xs, TpeSettings settings) {
        return build(dims, xs, settings, (j, centres) -> KernelMixture.argsort(centres));
    }

    /** As {@link #build(List, List, TpeSettings)}, with the kernels' order of centre given by {@code order}. */
    static KernelMixture build(List<Dimension> dims, List<double[]> xs, TpeSettings settings, CentreOrder order) {
        return build(dims, xs, observationWeights(xs.size()), settings, order);
    }

    /** As {@link #build(List, List, TpeSettings, CentreOrder)}, with the observations' weights given (multi-objective TPE weighs by hypervolume contribution). */
    static KernelMixture build(List<Dimension> dims, List<double[]> xs, double[] observationWeights, TpeSettings settings, CentreOrder order) {
        int n = xs.size();
        boolean prior = hasPrior(settings, n);
        int k = prior ? n + 1 : n;
        double[] weights = Arrays.copyOf(observationWeights, k);
        if (prior) {
            weights[n] = settings.priorWeight();
        }
        double[][] mu = new double[dims.size()][];
        double[][] sigma = new double[dims.size()][];
        double[][][] probs = new double[dims.size()][][];
        int[][] byCentre = new int[dims.size()][];
        for (int j = 0; j < dims.size(); j++) {
            if (dims.get(j).isCategorical()) {
                probs[j] = categorical(column(xs, j), dims.get(j), settings.priorWeight(), prior);
            } else {
                mu[j] = Arrays.copyOf(column(xs, j), k);
                if (prior) {
                    mu[j][n] = PRIOR_MU;
                }
                byCentre[j] = order.byCentre(j, mu[j]);
                sigma[j] = settings.multivariate()
                        ? multivariateSigmas(n, k, dims.size())
                        : neighbourSigmas(mu[j], byCentre[j], settings.considerEndpoints());
                double minSigma = 1.0 / Math.min(100.0, k + 1.0);
                for (int i = 0; i < k; i++) {
                    sigma[j][i] = Math.max(minSigma, Math.min(1.0, sigma[j][i]));
                }
                if (prior) {
                    sigma[j][n] = PRIOR_SIGMA;
                }
            }
        }
        return new KernelMixture(dims, weights, mu, sigma, probs, byCentre, settings.normalizedKernels());
    }

    /** Whether a density of {@code n} observations has the prior kernel: when the settings ask for it, and always when there are no observations. */
    static boolean hasPrior(TpeSettings settings, int n) {
        return settings.considerPrior() || n == 0;
    }

    /** Optuna's default weights: 1 each below 25 observations, else a ramp from 1/n to 1 over the oldest n-25 and 1 for the newest 25. */
    static double[] observationWeights(int n) {
        double[] w = new double[n];
        Arrays.fill(w, 1.0);
        if (n >= FLAT_WEIGHTS) {
            int ramp = n - FLAT_WEIGHTS;
            for (int i = 0; i < ramp; i++) {
                w[i] = ramp == 1 ? 1.0 / n : 1.0 / n + (1.0 - 1.0 / n) * i / (ramp - 1);
            }
        }
        return w;
    }

    private static double[] column(List<double[]> xs, int j) {
        double[] c = new double[xs.size()];
        for (int i = 0; i < c.length; i++) {
            c[i] = xs.get(i)[j];
        }
        return c;
    }

    private static double[] multivariateSigmas(int n, int kernels, int d) {
        double[] s = new double[kernels];
        Arrays.fill(s, MULTIVARIATE_SIGMA0 * Math.pow(Math.max(n, 1), -1.0 / (d + 4)));
        return s;
    }

    /**
     * Each centre's width: the larger distance to its sorted neighbours, the bounds 0 and 1 acting
     * as neighbours of the outermost; without {@code considerEndpoints} the outermost take their
     * inner neighbour's distance instead.
     */
    static double[] neighbourSigmas(double[] centres, boolean considerEndpoints) {
        return neighbourSigmas(centres, KernelMixture.argsort(centres), considerEndpoints);
    }

    private static double[] neighbourSigmas(double[] centres, int[] order, boolean considerEndpoints) {
        int k = centres.length;
        double[] out = new double[k];
        for (int r = 0; r < k; r++) {
            double here = centres[order[r]];
            double left = here - (r == 0 ? 0.0 : centres[order[r - 1]]);
            double right = (r == k - 1 ? 1.0 : centres[order[r + 1]]) - here;
            out[order[r]] = Math.max(left, right);
        }
        if (!considerEndpoints && k >= 2) {
            out[order[0]] = centres[order[1]] - centres[order[0]];
            out[order[k - 1]] = centres[order[k - 1]] - centres[order[k - 2]];
        }
        return out;
    }

    private static double[][] categorical(double[] observed, Dimension dim, double priorWeight, boolean prior) {
        int n = observed.length;
        int c = dim.size();
        double[][] p = new double[prior ? n + 1 : n][c];
        double base = priorWeight / p.length;
        for (int i = 0; i < p.length; i++) {
            Arrays.fill(p[i], base);
            if (i < n) {
                p[i][dim.categoryIndex(observed[i])] += 1;
            }
            double total = Arrays.stream(p[i]).sum();
            for (int a = 0; a < c; a++) {
                p[i][a] /= total;
            }
        }
        return p;
    }
}
