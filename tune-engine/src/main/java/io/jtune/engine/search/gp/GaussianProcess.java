package io.jtune.engine.search.gp;

import java.util.function.DoublePredicate;

/**
 * A Gaussian process posterior with zero prior mean over standardised targets, under a
 * {@link Kernel} (the Matérn-5/2 of {@link GpHyperparameters} for GP-BO): the Cholesky factor of {@code K + noise I}, the weights
 * {@code alpha = (K + noise I)^-1 y} and the log marginal likelihood. A jitter is added to the
 * diagonal and grown when the factorisation fails. The factorisation and the solves subtract each
 * term with a fused multiply-add ({@link Math#fma}: one rounding a term, and one instruction in the
 * loops the JIT vectorises).
 */
public final class GaussianProcess {
    private static final double JITTER = 1e-8;
    private static final int JITTER_TRIES = 6;
    private static final double MIN_VARIANCE = 1e-12;
    private static final double BOUND_MARGIN = 1e-9;
    /** Rows of the triangular solve between two checks of {@link #sdUnlessBelow}'s bound. */
    private static final int CHECK_EVERY = 16;
    /**
     * A factor is extended only while its new columns are at most one in this many: a column costs
     * O(n^2) in scalar steps, a new factorisation O(n^3) in vectorised ones.
     */
    private static final int EXTEND_COLUMNS_PER = 16;
    /** Rows the factorisation and the triangular solve finish before applying their updates together. */
    private static final int BLOCK = 4;

    private final double[][] x;
    private final Kernel kernel;
    private final Kernel.CovarianceRows rows;
    /** The upper Cholesky factor {@code U} ({@code U^T U = K + noise I}); row {@code j} holds column {@code j} of the lower factor. */
    private final double[][] upper;
    private final double[] alpha;
    private final double noiseVariance;
    private final double diagonal;
    /** Whether the factorisation succeeded with the first jitter, so its leading rows are what a new factorisation would compute. */
    private final boolean firstJitter;
    private final double logMarginalLikelihood;

    /** Fits the posterior of targets {@code y} at feature vectors {@code x} under the given hyperparameters. */
    public GaussianProcess(double[][] x, double[] y, GpHyperparameters hyper) {
        this(x, y, hyper, hyper.noiseVariance());
    }

    /** Fits the posterior of targets {@code y} at feature vectors {@code x} under a kernel and a noise variance. */
    public GaussianProcess(double[][] x, double[] y, Kernel kernel, double noiseVariance) {
        this(x, y, kernel, noiseVariance, null);
    }

    /**
     * The posterior of targets {@code y} at {@code x} under {@code hyper}, reusing the factor of
     * {@code previous} (when it has the same hyperparameters) for the leading training points both
     * share: only the factor's columns of the other points are computed, O(n^2) each instead of
     * O(n^3) for all, with the arithmetic of a new factorisation, so the result is the same bit for bit.
     */
    public static GaussianProcess reusing(GaussianProcess previous, double[][] x, double[] y, GpHyperparameters hyper) {
        boolean reusable = previous != null && previous.kernel == hyper && previous.noiseVariance == hyper.noiseVariance() && previous.firstJitter;
        return new GaussianProcess(x, y, hyper, hyper.noiseVariance(), reusable ? previous : null);
    }

    private GaussianProcess(double[][] x, double[] y, Kernel kernel, double noiseVariance, GaussianProcess previous) {
        this.x = x;
        this.kernel = kernel;
        this.noiseVariance = noiseVariance;
        this.rows = kernel.rowsAgainst(x);
        int n = x.length;
        double firstDiagonal = kernel.signalVariance() + noiseVariance + JITTER * kernel.signalVariance();
        double[][] upper = previous == null ? null : extendedFactor(previous, x, rows, firstDiagonal);
        if (upper == null) {
            double[][] k = new double[n][n];
            for (int i = 0; i < n; i++) {
                rows.covariances(x[i], i, k[i]);
                for (int j = 0; j < i; j++) {
                    k[j][i] = k[i][j];
                }
            }
            upper = factorWithJitter(k, kernel.signalVariance(), noiseVariance);
            this.diagonal = n == 0 ? firstDiagonal : k[0][0];
        } else {
            this.diagonal = firstDiagonal;
        }
        this.firstJitter = diagonal == firstDiagonal;
        this.upper = upper;
        this.alpha = solve(upper, y);
        this.logMarginalLikelihood = logMarginalLikelihood(upper, y, alpha);
    }

    /**
     * The upper factor for {@code x} from {@code previous}'s rows of the training points both
     * share at the start, the other columns computed one at a time in the right-looking
     * factorisation's order of operations (each entry subtracts its terms in row order with fused
     * multiply-adds, then is scaled by the inverse of its row's diagonal); null when too little is shared or a new
     * diagonal is not positive (a new factorisation then tries growing jitters).
     */
    private static double[][] extendedFactor(GaussianProcess previous, double[][] x, Kernel.CovarianceRows rows, double diagonal) {
        int shared = 0;
        while (shared < Math.min(x.length, previous.x.length) && java.util.Arrays.equals(x[shared], previous.x[shared])) {
            shared++;
        }
        int n = x.length;
        if (shared == 0 || (n - shared) * EXTEND_COLUMNS_PER > n) {
            return null;
        }
        double[][] u = new double[n][n];
        for (int i = 0; i < shared; i++) {
            System.arraycopy(previous.upper[i], i, u[i], i, shared - i);
        }
        double[] covariances = new double[n];
        for (int q = shared; q < n; q++) {
            rows.covariances(x[q], q, covariances);
            for (int i = 0; i < q; i++) {
                double s = covariances[i];
                for (int c = 0; c < i; c++) {
                    s = Math.fma(-u[c][i], u[c][q], s);
                }
                u[i][q] = s * (1.0 / u[i][i]);
            }
            double d = diagonal;
            for (int c = 0; c < q; c++) {
                d = Math.fma(-u[c][q], u[c][q], d);
            }
            if (d <= 0) {
                return null;
            }
            u[q][q] = Math.sqrt(d);
        }
        return u;
    }

    /** The log marginal likelihood of {@code y} given the upper factor of its covariance and {@code alpha = K^-1 y}. */
    static double logMarginalLikelihood(double[][] upper, double[] y, double[] alpha) {
        int n = y.length;
        double fit = 0;
        double logDet = 0;
        for (int i = 0; i < n; i++) {
            fit += y[i] * alpha[i];
            logDet += Math.log(upper[i][i]);
        }
        return -0.5 * fit - logDet - 0.5 * n * Math.log(2 * Math.PI);
    }

    /**
     * Sets {@code k}'s diagonal to signal plus noise plus a jitter, grown until the factorisation
     * succeeds, as every GP here does; the upper factor.
     *
     * @throws IllegalStateException when no jitter makes the matrix positive definite
     */
    static double[][] factorWithJitter(double[][] k, double signalVariance, double noiseVariance) {
        double[][] upper = new double[k.length][k.length];
        if (!factorWithJitter(k, signalVariance, noiseVariance, upper)) {
            throw new IllegalStateException("GP covariance is not positive definite even with jitter "
                    + JITTER * signalVariance * Math.pow(100, JITTER_TRIES));
        }
        return upper;
    }

    /**
     * {@link #factorWithJitter(double[][], double, double)} into {@code upper} (of {@code k}'s size;
     * only its upper triangle is written); false when no jitter makes the matrix positive definite.
     * Only the upper triangle of {@code k} is read.
     */
    static boolean factorWithJitter(double[][] k, double signalVariance, double noiseVariance, double[][] upper) {
        double jitter = JITTER * signalVariance;
        for (int attempt = 0; attempt <= JITTER_TRIES; attempt++, jitter *= 100) {
            double diag = signalVariance + noiseVariance + jitter;
            for (int i = 0; i < k.length; i++) {
                k[i][i] = diag;
            }
            if (upperCholesky(k, upper)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The upper Cholesky factor {@code U} ({@code U^T U = a}) of a symmetric matrix (its upper
     * triangle) into {@code u}, by the right-looking algorithm, or false when {@code a} is not positive
     * definite. Rows are finished {@value #BLOCK} at a time, and their updates of the rows below are
     * applied together, one pass over each row (a quarter of the loads and stores); every entry still
     * subtracts its terms in row order, each a fused multiply-add, so each value is the unblocked
     * algorithm's, and {@link #extendedFactor}'s, bit for bit.
     */
    private static boolean upperCholesky(double[][] a, double[][] u) {
        int n = a.length;
        for (int i = 0; i < n; i++) {
            System.arraycopy(a[i], i, u[i], i, n - i);
        }
        for (int first = 0; first < n; first += BLOCK) {
            int end = Math.min(n, first + BLOCK);
            for (int i = first; i < end; i++) {
                double[] ui = u[i];
                if (ui[i] <= 0) {
                    return false;
                }
                ui[i] = Math.sqrt(ui[i]);
                double inverse = 1.0 / ui[i];
                for (int q = i + 1; q < n; q++) {
                    ui[q] *= inverse;
                }
                subtractRow(u, i, i + 1, end);
            }
            if (end - first == BLOCK) {
                subtractBlock(u, first);
            } else {
                for (int i = first; i < end; i++) {
                    subtractRow(u, i, end, n);
                }
            }
        }
        return true;
    }

    /** Row {@code i}'s update of rows {@code from} to {@code to} (exclusive): {@code u[q][p] -= u[i][q] u[i][p]}, {@code p >= q}. */
    private static void subtractRow(double[][] u, int i, int from, int to) {
        double[] ui = u[i];
        int n = ui.length;
        for (int q = from; q < to; q++) {
            double[] uq = u[q];
            double uiq = -ui[q];
            for (int p = q; p < n; p++) {
                uq[p] = Math.fma(uiq, ui[p], uq[p]);
            }
        }
    }

    /** The updates of every row below by the {@value #BLOCK} finished rows from {@code first}, in their order. */
    private static void subtractBlock(double[][] u, int first) {
        double[] r0 = u[first];
        double[] r1 = u[first + 1];
        double[] r2 = u[first + 2];
        double[] r3 = u[first + 3];
        int n = r0.length;
        for (int q = first + BLOCK; q < n; q++) {
            double[] uq = u[q];
            double a0 = -r0[q];
            double a1 = -r1[q];
            double a2 = -r2[q];
            double a3 = -r3[q];
            for (int p = q; p < n; p++) {
                uq[p] = Math.fma(a3, r3[p], Math.fma(a2, r2[p], Math.fma(a1, r1[p], Math.fma(a0, r0[p], uq[p]))));
            }
        }
    }

    /** {@code (U^T U)^-1 b}: forward substitution with {@code U^T}, then back substitution with {@code U}. */
    static double[] solve(double[][] u, double[] b) {
        int n = b.length;
        double[] x = b.clone();
        for (int j = 0; j < n; j++) {
            double[] uj = u[j];
            x[j] /= uj[j];
            double xj = x[j];
            for (int i = j + 1; i < n; i++) {
                x[i] = Math.fma(-xj, uj[i], x[i]);
            }
        }
        for (int j = n - 1; j >= 0; j--) {
            x[j] /= u[j][j];
            double xj = x[j];
            for (int i = 0; i < j; i++) {
                x[i] = Math.fma(-xj, u[i][j], x[i]);
            }
        }
        return x;
    }

    /** The number of training points. */
    public int size() {
        return x.length;
    }

    public double logMarginalLikelihood() {
        return logMarginalLikelihood;
    }

    /** Posterior mean and standard deviation (latent, noise excluded) at a feature vector, into {@code out[0]} and {@code out[1]}. */
    public void predict(double[] z, double[] out) {
        double[] k = new double[x.length];
        out[0] = mean(z, k);
        out[1] = sd(k);
    }

    /** The posterior mean at {@code z}; its covariances with the training points are left in {@code k} for {@link #sd}. */
    public double mean(double[] z, double[] k) {
        rows.covariances(z, k.length, k);
        double mean = 0;
        for (int i = 0; i < k.length; i++) {
            mean += k[i] * alpha[i];
        }
        return mean;
    }

    /** The posterior standard deviation (latent) at the point whose covariances {@link #mean} left in {@code k}: O(n^2). */
    public double sd(double[] k) {
        return sdUnlessBelow(k, bound -> true);
    }

    /**
     * {@link #sd} as it is computed, or NaN as soon as {@code worthFinishing} rejects an upper bound
     * of it: after each block of rows, the standard deviation given the training points solved so
     * far (conditioning on the rest can only lower it), widened like {@link #sdUpperBound}.
     * The forward substitution {@code L v = k} runs column by column: once {@code v_j} is known,
     * its terms leave every later row in one loop over the rows (contiguous in the upper factor,
     * which the JIT vectorises); each row still subtracts its terms in column order, so every value
     * is the one the textbook row-by-row substitution computes with fused multiply-adds. Columns are solved {@value #BLOCK}
     * at a time and their terms leave the later rows together, one pass over them.
     */
    public double sdUnlessBelow(double[] k, DoublePredicate worthFinishing) {
        int n = k.length;
        double[] v = k.clone();
        double explained = 0;
        int j = 0;
        for (; j + BLOCK <= n; j += BLOCK) {
            double[] u0 = upper[j];
            double[] u1 = upper[j + 1];
            double[] u2 = upper[j + 2];
            double[] u3 = upper[j + 3];
            double v0 = v[j] / u0[j];
            double v1 = Math.fma(-u0[j + 1], v0, v[j + 1]) / u1[j + 1];
            double v2 = Math.fma(-u1[j + 2], v1, Math.fma(-u0[j + 2], v0, v[j + 2])) / u2[j + 2];
            double v3 = Math.fma(-u2[j + 3], v2, Math.fma(-u1[j + 3], v1, Math.fma(-u0[j + 3], v0, v[j + 3]))) / u3[j + 3];
            explained = Math.fma(v0, v0, explained);
            explained = Math.fma(v1, v1, explained);
            explained = Math.fma(v2, v2, explained);
            explained = Math.fma(v3, v3, explained);
            double n0 = -v0;
            double n1 = -v1;
            double n2 = -v2;
            double n3 = -v3;
            for (int i = j + BLOCK; i < n; i++) {
                v[i] = Math.fma(u3[i], n3, Math.fma(u2[i], n2, Math.fma(u1[i], n1, Math.fma(u0[i], n0, v[i]))));
            }
            int last = j + BLOCK - 1;
            if (last % CHECK_EVERY == CHECK_EVERY - 1 && last < n - 1 && !worthFinishing.test(widened(explained))) {
                return Double.NaN;
            }
        }
        for (; j < n; j++) {
            double[] uj = upper[j];
            double vj = v[j] / uj[j];
            explained = Math.fma(vj, vj, explained);
            for (int i = j + 1; i < n; i++) {
                v[i] = Math.fma(uj[i], -vj, v[i]);
            }
        }
        return Math.sqrt(Math.max(MIN_VARIANCE, kernel.signalVariance() - explained));
    }

    /**
     * An upper bound of {@link #sd} in O(n): the standard deviation given only the most correlated
     * training point (conditioning on more points never raises the variance), widened by a margin far
     * above rounding, so {@code sd(k) <= sdUpperBound(k)} holds also in floating point.
     */
    public double sdUpperBound(double[] k) {
        double largest = 0;
        for (double ki : k) {
            largest = Math.max(largest, ki * ki);
        }
        // dividing by a positive constant keeps the order of correctly rounded values: the largest ratio, bit for bit
        return widened(largest / diagonal);
    }

    /** The standard deviation left when {@code explained} of the prior variance is explained, widened by a margin far above rounding. */
    private double widened(double explained) {
        double variance = Math.max(MIN_VARIANCE, kernel.signalVariance() - explained) + BOUND_MARGIN * kernel.signalVariance();
        return Math.sqrt(variance) * (1 + BOUND_MARGIN);
    }
}
