package io.jtune.engine.search.gp;

import java.util.random.RandomGenerator;

/**
 * Chooses the GP's hyperparameters by maximising the log marginal likelihood in log space with
 * its gradient ({@link BoxedQuasiNewton}, as scikit-learn fits its GPs with L-BFGS-B), from the
 * previous fit and from random starts; the best fit of all runs wins. The differences of every pair
 * of points per feature are computed once per fit, so each evaluation only scales them by the length
 * scales (one vectorisable pass per feature) before the kernel's {@code exp}, the factorisation and
 * the inverse the gradient needs.
 */
final class HyperparameterFit {
    /** Rows of {@code M} {@link #inverseFromFactor} adds in one pass; also the length scales whose gradient sums one pass over the pairs adds up. */
    private static final int BLOCK = 4;
    /** Per feature, the difference of every pair of points; after the features, all-zero rows up to a multiple of {@value #BLOCK}. */
    private final double[][] differences;
    private final int features;
    /** Per row of {@link #differences}, the sum the gradient by its length scale is made of. */
    private final double[] lengthScaleSums;
    private final double[] y;
    private final double[][] gram;
    private final double[] scaledSquares;
    /** Per pair: the derivative of its covariance by the log of a length scale, before that feature's share {@code (diff / l)^2}. */
    private final double[] slopes;

    private HyperparameterFit(double[][] x, double[] y) {
        int n = x.length;
        int features = x[0].length;
        int pairs = n * (n - 1) / 2;
        int rows = (features + BLOCK - 1) / BLOCK * BLOCK;
        this.features = features;
        this.differences = new double[rows][];
        this.lengthScaleSums = new double[rows];
        java.util.Arrays.fill(differences, features, rows, new double[pairs]);
        for (int f = 0; f < features; f++) {
            differences[f] = new double[pairs];
            double[] diff = differences[f];
            int p = 0;
            for (int i = 1; i < n; i++) {
                for (int j = 0; j < i; j++) {
                    diff[p++] = x[i][f] - x[j][f];
                }
            }
        }
        this.y = y;
        this.gram = new double[n][n];
        this.scaledSquares = new double[pairs];
        this.slopes = new double[pairs];
    }

    static GpHyperparameters fit(double[][] x, double[] y, GpHyperparameters start, int randomStarts, int maxEvaluations, RandomGenerator rng) {
        int features = x[0].length;
        HyperparameterFit surface = new HyperparameterFit(x, y);
        double[] lo = GpHyperparameters.lowerLog(features);
        double[] hi = GpHyperparameters.upperLog(features);
        BoxedQuasiNewton.Minimum best = BoxedQuasiNewton.minimise(surface::negativeLogLikelihood, start.toLog(), lo, hi, maxEvaluations);
        for (int run = 0; run < randomStarts; run++) {
            double[] from = new double[lo.length];
            for (int i = 0; i < from.length; i++) {
                from[i] = lo[i] + rng.nextDouble() * (hi[i] - lo[i]);
            }
            BoxedQuasiNewton.Minimum found = BoxedQuasiNewton.minimise(surface::negativeLogLikelihood, from, lo, hi, maxEvaluations);
            if (found.value() < best.value()) {
                best = found;
            }
        }
        return GpHyperparameters.fromLog(best.point());
    }

    /** {@link #negativeLogLikelihood(double[], double[])} of {@code y} at {@code x}, as a fit evaluates it. */
    static double negativeLogLikelihood(double[][] x, double[] y, double[] logHyper, double[] gradient) {
        return new HyperparameterFit(x, y).negativeLogLikelihood(logHyper, gradient);
    }

    /** {@code r^2} of every pair under the length scales, into {@link #scaledSquares}. */
    private void scaleDifferences(GpHyperparameters h) {
        double[] r2 = scaledSquares;
        java.util.Arrays.fill(r2, 0);
        for (int f = 0; f < features; f++) {
            double scale = h.lengthScales()[f];
            double[] diff = differences[f];
            for (int p = 0; p < r2.length; p++) {
                double d = diff[p] / scale;
                r2[p] += d * d;
            }
        }
    }

    /**
     * Minus the log marginal likelihood under log hyperparameters, with its gradient by them into
     * {@code gradient}; infinity when singular. The gradient is {@code -1/2 tr((a a^T - K^-1) dK)} with
     * {@code a = K^-1 y}, {@code K^-1} from the Cholesky factor, and the Matérn-5/2 derivative
     * {@code dK_ij / d log l_f = s2 5/3 (1 + sqrt5 r) exp(-sqrt5 r) ((x_if - x_jf) / l_f)^2}.
     */
    double negativeLogLikelihood(double[] logHyper, double[] gradient) {
        GpHyperparameters h = GpHyperparameters.fromLog(logHyper);
        scaleDifferences(h);
        double signal = h.signalVariance();
        double root5 = Math.sqrt(5);
        double[] r2 = scaledSquares;
        // the Matérn-5/2 covariance (as Matern52.correlation) and its slope share one exp
        int p = 0;
        for (int i = 1; i < gram.length; i++) {
            for (int j = 0; j < i; j++) {
                double r = Math.sqrt(r2[p]);
                double e = Math.exp(-root5 * r);
                double c = signal * (1 + root5 * r + 5.0 / 3.0 * r2[p]) * e;
                slopes[p++] = signal * 5.0 / 3.0 * (1 + root5 * r) * e;
                gram[i][j] = c;
                gram[j][i] = c;
            }
        }
        double[][] upper;
        try {
            upper = GaussianProcess.factorWithJitter(gram, signal, h.noiseVariance());
        } catch (IllegalStateException e) {
            return Double.POSITIVE_INFINITY;
        }
        int n = y.length;
        double[] alpha = GaussianProcess.solve(upper, y);
        double[][] inverse = inverseFromFactor(upper);
        double diagonalTrace = 0;
        double signalGradient = 0;
        for (int i = 0; i < n; i++) {
            double w = alpha[i] * alpha[i] - inverse[i][i];
            diagonalTrace += w;
            signalGradient += 0.5 * w * (gram[i][i] - h.noiseVariance());
        }
        // per pair: w_ij = a_i a_j - (K^-1)_ij; the signal's term, and w_ij times the length-scale slope (into slopes)
        p = 0;
        for (int i = 1; i < n; i++) {
            double[] inverseRow = inverse[i];
            double[] gramRow = gram[i];
            for (int j = 0; j < i; j++) {
                double w = alpha[i] * alpha[j] - inverseRow[j];
                signalGradient += w * gramRow[j];
                slopes[p] *= w;
                p++;
            }
        }
        for (int f = 0; f < differences.length; f += BLOCK) {
            addLengthScaleSums(f);
        }
        for (int f = 0; f < features; f++) {
            double l = h.lengthScales()[f];
            gradient[f] = -lengthScaleSums[f] / (l * l);
        }
        gradient[features] = -signalGradient;
        gradient[features + 1] = -0.5 * h.noiseVariance() * diagonalTrace;
        return -GaussianProcess.logMarginalLikelihood(upper, y, alpha);
    }

    /**
     * The sums {@code sum_q slopes_q diff_q^2} of rows {@code f} to {@code f + }{@value #BLOCK}{@code - 1}
     * of {@link #differences} into {@link #lengthScaleSums}, in one pass over the pairs: the four sums
     * are independent chains of additions the processor overlaps, where one feature a pass waits for
     * each addition; each sum still adds its terms in pair order, so every value is the
     * one-feature-a-pass one, bit for bit.
     */
    private void addLengthScaleSums(int f) {
        double[] d0 = differences[f];
        double[] d1 = differences[f + 1];
        double[] d2 = differences[f + 2];
        double[] d3 = differences[f + 3];
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        for (int q = 0; q < slopes.length; q++) {
            double w = slopes[q];
            s0 += w * d0[q] * d0[q];
            s1 += w * d1[q] * d1[q];
            s2 += w * d2[q] * d2[q];
            s3 += w * d3[q] * d3[q];
        }
        lengthScaleSums[f] = s0;
        lengthScaleSums[f + 1] = s1;
        lengthScaleSums[f + 2] = s2;
        lengthScaleSums[f + 3] = s3;
    }

    /**
     * {@code K^-1 = M^T M} with {@code M = (U^T)^-1} from the upper factor {@code U}, its lower
     * triangle (row {@code i}, columns {@code j <= i}) filled: {@code M} row by row by forward
     * substitution, then {@code M^T M} as a sum of the outer products of {@code M}'s rows; both are
     * vectorisable passes along rows. Both take {@value #BLOCK} rows of {@code M} at a time, one pass
     * over the row they update instead of one a row (a quarter of its loads and stores); every entry
     * still adds its terms in the order of {@code M}'s rows, so each value is the row-at-a-time one,
     * bit for bit.
     */
    static double[][] inverseFromFactor(double[][] u) {
        int n = u.length;
        double[][] m = new double[n][];
        for (int i = 0; i < n; i++) {
            double[] mi = new double[i + 1];
            int k = 0;
            for (; k + BLOCK <= i; k += BLOCK) {
                addRows(mi, m, k, k, u[k][i], u[k + 1][i], u[k + 2][i], u[k + 3][i]);
                addTriangle(mi, m, k, u[k + 1][i], u[k + 2][i], u[k + 3][i]);
            }
            for (; k < i; k++) {
                addTail(mi, m[k], u[k][i], 0, k);
            }
            double d = 1 / u[i][i];
            for (int j = 0; j < i; j++) {
                mi[j] *= -d;
            }
            mi[i] = d;
            m[i] = mi;
        }
        double[][] inverse = new double[n][];
        for (int i = 0; i < n; i++) {
            inverse[i] = new double[i + 1];
        }
        int k = 0;
        for (; k + BLOCK <= n; k += BLOCK) {
            for (int i = 0; i <= k; i++) {
                addRows(inverse[i], m, k, i, m[k][i], m[k + 1][i], m[k + 2][i], m[k + 3][i]);
            }
            for (int i = k + 1; i < k + BLOCK; i++) {
                for (int t = i; t < k + BLOCK; t++) {
                    addTail(inverse[i], m[t], m[t][i], 0, i);
                }
            }
        }
        for (; k < n; k++) {
            double[] mk = m[k];
            for (int i = 0; i <= k; i++) {
                addTail(inverse[i], mk, mk[i], 0, i);
            }
        }
        return inverse;
    }

    /** {@code row[j] += a0 m[k][j] + a1 m[k+1][j] + a2 m[k+2][j] + a3 m[k+3][j]} for {@code j <= to}, the terms added in that order. */
    private static void addRows(double[] row, double[][] m, int k, int to, double a0, double a1, double a2, double a3) {
        double[] m0 = m[k];
        double[] m1 = m[k + 1];
        double[] m2 = m[k + 2];
        double[] m3 = m[k + 3];
        for (int j = 0; j <= to; j++) {
            row[j] = row[j] + a0 * m0[j] + a1 * m1[j] + a2 * m2[j] + a3 * m3[j];
        }
    }

    /**
     * The terms of rows {@code k + 1} to {@code k + 3} of {@code m} past column {@code k}, which
     * {@link #addRows} leaves: {@code row[j] += a_t m[k+t][j]} for {@code k < j <= k + t}, in the
     * order of {@code t}, written out (loops of one to three entries cost more to enter than to run).
     */
    private static void addTriangle(double[] row, double[][] m, int k, double a1, double a2, double a3) {
        double[] m1 = m[k + 1];
        double[] m2 = m[k + 2];
        double[] m3 = m[k + 3];
        row[k + 1] = row[k + 1] + a1 * m1[k + 1] + a2 * m2[k + 1] + a3 * m3[k + 1];
        row[k + 2] = row[k + 2] + a2 * m2[k + 2] + a3 * m3[k + 2];
        row[k + 3] = row[k + 3] + a3 * m3[k + 3];
    }

    /** {@code row[j] += a mk[j]} for {@code from <= j <= to}. */
    private static void addTail(double[] row, double[] mk, double a, int from, int to) {
        for (int j = from; j <= to; j++) {
            row[j] += a * mk[j];
        }
    }
}
