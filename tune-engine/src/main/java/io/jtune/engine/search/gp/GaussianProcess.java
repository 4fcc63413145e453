package io.jtune.engine.search.gp;

import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.CholeskyDecomposition;
import org.apache.commons.math3.linear.NonPositiveDefiniteMatrixException;

/**
 * A Gaussian process posterior with zero prior mean over standardised targets, under a
 * {@link Kernel} (the Matérn-5/2 of {@link GpHyperparameters} for GP-BO): the Cholesky factor of {@code K + noise I} (Apache Commons Math), the weights
 * {@code alpha = (K + noise I)^-1 y} and the log marginal likelihood. A jitter is added to the
 * diagonal and grown when the factorisation fails.
 */
public final class GaussianProcess {
    private static final double JITTER = 1e-8;
    private static final int JITTER_TRIES = 6;

    private final double[][] x;
    private final Kernel kernel;
    private final double[][] lower;
    private final double[] alpha;
    private final double logMarginalLikelihood;

    /** Fits the posterior of targets {@code y} at feature vectors {@code x} under the given hyperparameters. */
    public GaussianProcess(double[][] x, double[] y, GpHyperparameters hyper) {
        this(x, y, hyper, hyper.noiseVariance());
    }

    /** Fits the posterior of targets {@code y} at feature vectors {@code x} under a kernel and a noise variance. */
    public GaussianProcess(double[][] x, double[] y, Kernel kernel, double noiseVariance) {
        this.x = x;
        this.kernel = kernel;
        int n = x.length;
        double[][] k = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) {
                k[i][j] = kernel.covariance(x[i], x[j]);
                k[j][i] = k[i][j];
            }
        }
        CholeskyDecomposition chol = null;
        double jitter = JITTER * kernel.signalVariance();
        for (int attempt = 0; chol == null; attempt++) {
            for (int i = 0; i < n; i++) {
                k[i][i] = kernel.signalVariance() + noiseVariance + jitter;
            }
            try {
                chol = new CholeskyDecomposition(new Array2DRowRealMatrix(k, false), 1e-12, 0);
            } catch (NonPositiveDefiniteMatrixException e) {
                if (attempt == JITTER_TRIES) {
                    throw new IllegalStateException("GP covariance is not positive definite even with jitter " + jitter, e);
                }
                jitter *= 100;
            }
        }
        this.lower = chol.getL().getData();
        this.alpha = chol.getSolver().solve(new org.apache.commons.math3.linear.ArrayRealVector(y, false)).toArray();
        double fit = 0;
        double logDet = 0;
        for (int i = 0; i < n; i++) {
            fit += y[i] * alpha[i];
            logDet += Math.log(lower[i][i]);
        }
        this.logMarginalLikelihood = -0.5 * fit - logDet - 0.5 * n * Math.log(2 * Math.PI);
    }

    public double logMarginalLikelihood() {
        return logMarginalLikelihood;
    }

    /** Posterior mean and standard deviation (latent, noise excluded) at a feature vector, into {@code out[0]} and {@code out[1]}. */
    public void predict(double[] z, double[] out) {
        int n = x.length;
        double[] v = new double[n];
        double mean = 0;
        for (int i = 0; i < n; i++) {
            double ki = kernel.covariance(z, x[i]);
            mean += ki * alpha[i];
            double s = ki;
            double[] row = lower[i];
            for (int j = 0; j < i; j++) {
                s -= row[j] * v[j];
            }
            v[i] = s / row[i];
        }
        double explained = 0;
        for (int i = 0; i < n; i++) {
            explained += v[i] * v[i];
        }
        out[0] = mean;
        out[1] = Math.sqrt(Math.max(1e-12, kernel.signalVariance() - explained));
    }
}
