package io.jtune.engine.search.gp;

import java.util.random.RandomGenerator;

/**
 * Chooses the GP's hyperparameters by maximising the log marginal likelihood in log space with
 * its gradient ({@link BoxedQuasiNewton}, as scikit-learn fits its GPs with L-BFGS-B), from the
 * previous fit and from random starts; the best fit of all runs wins. The squared differences of
 * every pair of points per feature are computed once per fit, so each evaluation only weighs them by
 * the length scales (one vectorisable pass per feature) before the kernel's decay, the factorisation
 * and the inverse the gradient needs; an evaluation writes its matrices into buffers of the fit's
 * instead of new ones.
 */
final class HyperparameterFit {
    /** Rows of {@code M} {@link #inverseFromFactor} adds in one pass; also the length scales whose gradient sums one pass over the pairs adds up. */
    private static final int BLOCK = 4;
    /** Per feature, the squared difference of every pair of points; after the features, all-zero rows up to a multiple of {@value #BLOCK}. */
    private final double[][] squares;
    private final int features;
    /** Per row of {@link #squares}, the sum the gradient by its length scale is made of. */
    private final double[] lengthScaleSums;
    private final double[] y;
    /** The covariance matrix; its upper triangle is filled, its diagonal set by the factorisation. */
    private final double[][] gram;
    private final double[] scaledSquares;
    /** Per pair, its covariance. */
    private final double[] covariances;
    /** Per pair: the derivative of its covariance by the log of a length scale, before that feature's share {@code (diff / l)^2}. */
    private final double[] slopes;
    /** The buffers an evaluation reuses: the factor, {@code M = (U^T)^-1} and the inverse (lower triangles). */
    private final double[][] upper;
    private final double[][] m;
    private final double[][] inverse;

    private HyperparameterFit(double[][] x, double[] y) {
        int n = x.length;
        int features = x[0].length;
        int pairs = n * (n - 1) / 2;
        int rows = (features + BLOCK - 1) / BLOCK * BLOCK;
        this.features = features;
        this.squares = new double[rows][];
        this.lengthScaleSums = new double[rows];
        java.util.Arrays.fill(squares, features, rows, new double[pairs]);
        for (int f = 0; f < features; f++) {
            squares[f] = new double[pairs];
            double[] square = squares[f];
            int p = 0;
            for (int i = 1; i < n; i++) {
                for (int j = 0; j < i; j++) {
                    double d = x[i][f] - x[j][f];
                    square[p++] = d * d;
                }
            }
        }
        this.y = y;
        this.gram = new double[n][n];
        this.scaledSquares = new double[pairs];
        this.covariances = new double[pairs];
        this.slopes = new double[pairs];
        this.upper = new double[n][n];
        this.m = triangle(n);
        this.inverse = triangle(n);
    }

    /** Rows {@code 0..n-1} of lengths {@code 1..n}. */
    private static double[][] triangle(int n) {
        double[][] t = new double[n][];
        for (int i = 0; i < n; i++) {
            t[i] = new double[i + 1];
        }
        return t;
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
    private void scaleSquares(GpHyperparameters h) {
        double[] r2 = scaledSquares;
        double[] lengthScales = h.lengthScales();
        double first = 1 / (lengthScales[0] * lengthScales[0]);
        double[] square = squares[0];
        for (int p = 0; p < r2.length; p++) {
            r2[p] = square[p] * first;
        }
        for (int f = 1; f < features; f++) {
            double inverse = 1 / (lengthScales[f] * lengthScales[f]);
            square = squares[f];
            for (int p = 0; p < r2.length; p++) {
                r2[p] = Math.fma(square[p], inverse, r2[p]);
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
        scaleSquares(h);
        double signal = h.signalVariance();
        double root5 = Math.sqrt(5);
        double[] r2 = scaledSquares;
        double[] c = covariances;
        // the Matérn-5/2 covariance (as Matern52.correlation) and its slope share one decay, in a pass the JIT vectorises
        for (int p = 0; p < r2.length; p++) {
            double r = Math.sqrt(r2[p]);
            double e = signal * Matern52.decay(r);
            c[p] = (1 + root5 * r + 5.0 / 3.0 * r2[p]) * e;
            slopes[p] = 5.0 / 3.0 * (1 + root5 * r) * e;
        }
        int n = y.length;
        for (int i = 1, p = 0; i < n; i++) {
            for (int j = 0; j < i; j++) {
                gram[j][i] = c[p++];
            }
        }
        if (!GaussianProcess.factorWithJitter(gram, signal, h.noiseVariance(), upper)) {
            return Double.POSITIVE_INFINITY;
        }
        double[] alpha = GaussianProcess.solve(upper, y);
        inverseFromFactor(upper, m, inverse);
        double diagonalTrace = 0;
        double signalGradient = 0;
        for (int i = 0; i < n; i++) {
            double w = alpha[i] * alpha[i] - inverse[i][i];
            diagonalTrace += w;
            signalGradient += 0.5 * w * (gram[i][i] - h.noiseVariance());
        }
        // per pair: w_ij = a_i a_j - (K^-1)_ij; the signal's term, and w_ij times the length-scale slope (into slopes)
        for (int i = 1, p = 0; i < n; i++) {
            double[] inverseRow = inverse[i];
            double ai = alpha[i];
            for (int j = 0; j < i; j++, p++) {
                double w = Math.fma(ai, alpha[j], -inverseRow[j]);
                signalGradient = Math.fma(w, c[p], signalGradient);
                slopes[p] *= w;
            }
        }
        for (int f = 0; f < squares.length; f += BLOCK) {
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
     * of {@link #squares} into {@link #lengthScaleSums}, in one pass over the pairs: the four sums
     * are independent chains of additions the processor overlaps, where one feature a pass waits for
     * each addition.
     */
    private void addLengthScaleSums(int f) {
        double[] d0 = squares[f];
        double[] d1 = squares[f + 1];
        double[] d2 = squares[f + 2];
        double[] d3 = squares[f + 3];
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        for (int q = 0; q < slopes.length; q++) {
            double w = slopes[q];
            s0 = Math.fma(w, d0[q], s0);
            s1 = Math.fma(w, d1[q], s1);
            s2 = Math.fma(w, d2[q], s2);
            s3 = Math.fma(w, d3[q], s3);
        }
        lengthScaleSums[f] = s0;
        lengthScaleSums[f + 1] = s1;
        lengthScaleSums[f + 2] = s2;
        lengthScaleSums[f + 3] = s3;
    }

    /** {@link #inverseFromFactor(double[][], double[][], double[][])} into new arrays. */
    static double[][] inverseFromFactor(double[][] u) {
        int n = u.length;
        double[][] inverse = triangle(n);
        inverseFromFactor(u, triangle(n), inverse);
        return inverse;
    }

    /**
     * {@code K^-1 = M^T M} with {@code M = (U^T)^-1} from the upper factor {@code U}, into the lower
     * triangle {@code inverse} (row {@code i}, columns {@code j <= i}; {@code m} a triangle of the same
     * shape to work in): {@code M} row by row by forward substitution, then {@code M^T M} as a sum of
     * the outer products of {@code M}'s rows; both are vectorisable passes along rows, of fused
     * multiply-adds. Both take {@value #BLOCK} rows of {@code M} at a time, one pass over the row they
     * update instead of one a row (a quarter of its loads and stores); every entry still adds its terms
     * in the order of {@code M}'s rows, so each value is the row-at-a-time one, bit for bit.
     */
    static void inverseFromFactor(double[][] u, double[][] m, double[][] inverse) {
        int n = u.length;
        for (int i = 0; i < n; i++) {
            double[] mi = m[i];
            java.util.Arrays.fill(mi, 0);
            int k = 0;
            for (; k + BLOCK <= i; k += BLOCK) {
                addRows(mi, m, k, k, u[k][i], u[k + 1][i], u[k + 2][i], u[k + 3][i]);
                addTriangle(mi, m, k, u[k + 1][i], u[k + 2][i], u[k + 3][i]);
            }
            for (; k < i; k++) {
                addTail(mi, m[k], u[k][i], k);
            }
            double d = 1 / u[i][i];
            for (int j = 0; j < i; j++) {
                mi[j] *= -d;
            }
            mi[i] = d;
        }
        for (double[] row : inverse) {
            java.util.Arrays.fill(row, 0);
        }
        int k = 0;
        for (; k + BLOCK <= n; k += BLOCK) {
            for (int i = 0; i <= k; i++) {
                addRows(inverse[i], m, k, i, m[k][i], m[k + 1][i], m[k + 2][i], m[k + 3][i]);
            }
            for (int i = k + 1; i < k + BLOCK; i++) {
                for (int t = i; t < k + BLOCK; t++) {
                    addTail(inverse[i], m[t], m[t][i], i);
                }
            }
        }
        for (; k < n; k++) {
            double[] mk = m[k];
            for (int i = 0; i <= k; i++) {
                addTail(inverse[i], mk, mk[i], i);
            }
        }
    }

    /** {@code row[j] += a0 m[k][j] + a1 m[k+1][j] + a2 m[k+2][j] + a3 m[k+3][j]} for {@code j <= to}, the terms added in that order. */
    private static void addRows(double[] row, double[][] m, int k, int to, double a0, double a1, double a2, double a3) {
        double[] m0 = m[k];
        double[] m1 = m[k + 1];
        double[] m2 = m[k + 2];
        double[] m3 = m[k + 3];
        for (int j = 0; j <= to; j++) {
            row[j] = Math.fma(a3, m3[j], Math.fma(a2, m2[j], Math.fma(a1, m1[j], Math.fma(a0, m0[j], row[j]))));
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
        row[k + 1] = Math.fma(a3, m3[k + 1], Math.fma(a2, m2[k + 1], Math.fma(a1, m1[k + 1], row[k + 1])));
        row[k + 2] = Math.fma(a3, m3[k + 2], Math.fma(a2, m2[k + 2], row[k + 2]));
        row[k + 3] = Math.fma(a3, m3[k + 3], row[k + 3]);
    }

    /** {@code row[j] += a mk[j]} for {@code j <= to}. */
    private static void addTail(double[] row, double[] mk, double a, int to) {
        for (int j = 0; j <= to; j++) {
            row[j] = Math.fma(a, mk[j], row[j]);
        }
    }
}
