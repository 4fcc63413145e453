package io.jtune.engine.search.bohb;

import io.jtune.engine.search.model.Dimension;
import io.jtune.engine.search.model.KernelMixture;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * BOHB's kernel density of one group of trials at one budget, as HpBandSter builds it with
 * statsmodels' {@code KDEMultivariate}: one equally weighted product kernel per trial, Gaussian
 * for numeric coordinates with the normal-reference bandwidth {@code 1.06 sd n^(-1/(d+4))} per
 * dimension (at least {@code minBandwidth}), Aitchison-Aitken for categorical ones (probability
 * {@code 1 - bw} on the trial's category, {@code bw/(c-1)} on each other, bw at most (c-1)/c).
 */
final class BudgetKde {
    private BudgetKde() {
    }

    /** Per-dimension bandwidths of the vectors. */
    static double[] bandwidths(List<Dimension> dims, List<double[]> xs, double minBandwidth) {
        int n = xs.size();
        double[] bw = new double[dims.size()];
        for (int j = 0; j < bw.length; j++) {
            double mean = 0;
            for (double[] x : xs) {
                mean += x[j];
            }
            mean /= n;
            double var = 0;
            for (double[] x : xs) {
                var += (x[j] - mean) * (x[j] - mean);
            }
            double sd = Math.sqrt(var / n);
            bw[j] = Math.max(minBandwidth, 1.06 * sd * Math.pow(n, -1.0 / (dims.size() + 4)));
            if (dims.get(j).isCategorical()) {
                bw[j] = Math.min(bw[j], (dims.get(j).size() - 1.0) / dims.get(j).size());
            }
        }
        return bw;
    }

    /** The density with the given bandwidths (a Aitchison-Aitken kernel for categorical dimensions). */
    static KernelMixture density(List<Dimension> dims, List<double[]> xs, double[] bw) {
        return density(dims, xs, bw, List.of(), bw);
    }

    /**
     * The density of {@code xs} with bandwidths {@code bw} together with kernels of bandwidths
     * {@code extraBw} at {@code extras} (BOHB's constant liar: trials in flight join the bad
     * density as sharply as the good trials are modelled), each kernel weighing the same.
     */
    static KernelMixture density(List<Dimension> dims, List<double[]> xs, double[] bw, List<double[]> extras, double[] extraBw) {
        List<double[]> all = new ArrayList<>(xs);
        all.addAll(extras);
        double[][] rows = new double[all.size()][];
        for (int k = 0; k < rows.length; k++) {
            rows[k] = k < xs.size() ? bw : extraBw;
        }
        return mixture(dims, all, rows, false);
    }

    /**
     * The distribution BOHB draws candidates from: numeric bandwidths widened by {@code factor}
     * (at least {@code minBandwidth}); a categorical coordinate keeps the trial's category with
     * probability {@code 1 - bw}, else is uniform.
     */
    static KernelMixture sampler(List<Dimension> dims, List<double[]> xs, double[] bw, double factor, double minBandwidth) {
        double[] widened = bw.clone();
        for (int j = 0; j < widened.length; j++) {
            if (!dims.get(j).isCategorical()) {
                widened[j] = Math.max(minBandwidth, bw[j] * factor);
            }
        }
        double[][] rows = new double[xs.size()][];
        Arrays.fill(rows, widened);
        return mixture(dims, xs, rows, true);
    }

    /** One equally weighted product kernel per vector, with that vector's row of bandwidths. */
    private static KernelMixture mixture(List<Dimension> dims, List<double[]> xs, double[][] bw, boolean uniformShare) {
        int n = xs.size();
        double[] weights = new double[n];
        Arrays.fill(weights, 1.0);
        double[][] mu = new double[dims.size()][];
        double[][] sigma = new double[dims.size()][];
        double[][][] probs = new double[dims.size()][][];
        for (int j = 0; j < dims.size(); j++) {
            Dimension d = dims.get(j);
            if (d.isCategorical()) {
                int c = d.size();
                probs[j] = new double[n][c];
                for (int k = 0; k < n; k++) {
                    double other = uniformShare ? bw[k][j] / c : bw[k][j] / Math.max(1, c - 1);
                    Arrays.fill(probs[j][k], other);
                    probs[j][k][d.categoryIndex(xs.get(k)[j])] = uniformShare ? 1 - bw[k][j] + other : 1 - bw[k][j];
                }
            } else {
                mu[j] = new double[n];
                sigma[j] = new double[n];
                for (int k = 0; k < n; k++) {
                    mu[j][k] = xs.get(k)[j];
                    sigma[j][k] = bw[k][j];
                }
            }
        }
        return new KernelMixture(dims, weights, mu, sigma, probs);
    }
}
