package io.jtune.engine.search.gp;

import java.util.random.RandomGenerator;

/**
 * Chooses the GP's hyperparameters by maximising the log marginal likelihood with
 * {@link BoundedMaximiser} in log space, from the previous fit and from random starts. The
 * differences of every pair of points per feature are computed once per fit, so each evaluation
 * only scales them by the length scales (one vectorisable pass per feature) before the kernel's
 * {@code exp} and the factorisation; each likelihood is the {@link GaussianProcess}'s bit for bit.
 */
final class HyperparameterFit {
    private final double[][] differences;
    private final double[] y;
    private final double[][] gram;
    private final double[] scaledSquares;

    private HyperparameterFit(double[][] x, double[] y) {
        int n = x.length;
        int features = x[0].length;
        int pairs = n * (n - 1) / 2;
        this.differences = new double[features][pairs];
        for (int f = 0; f < features; f++) {
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
    }

    static GpHyperparameters fit(double[][] x, double[] y, GpHyperparameters start, int randomStarts, int maxEvaluations, RandomGenerator rng) {
        int features = x[0].length;
        HyperparameterFit surface = new HyperparameterFit(x, y);
        double[] best = BoundedMaximiser.maximise(surface::logLikelihood, start.toLog(), GpHyperparameters.lowerLog(features),
                GpHyperparameters.upperLog(features), randomStarts, maxEvaluations, rng);
        return GpHyperparameters.fromLog(best);
    }

    /** The log marginal likelihood of {@code y} at {@code x} under log hyperparameters, as a fit evaluates it. */
    static double logLikelihood(double[][] x, double[] y, double[] logHyper) {
        return new HyperparameterFit(x, y).logLikelihood(logHyper);
    }

    /** The log marginal likelihood under log hyperparameters {@code [log l_1 .. log l_d, log signal, log noise]}; minus infinity when singular. */
    private double logLikelihood(double[] logHyper) {
        GpHyperparameters h = GpHyperparameters.fromLog(logHyper);
        double[] r2 = scaledSquares;
        java.util.Arrays.fill(r2, 0);
        for (int f = 0; f < differences.length; f++) {
            double scale = h.lengthScales()[f];
            double[] diff = differences[f];
            for (int p = 0; p < r2.length; p++) {
                double d = diff[p] / scale;
                r2[p] += d * d;
            }
        }
        int p = 0;
        for (int i = 1; i < gram.length; i++) {
            for (int j = 0; j < i; j++) {
                double c = h.signalVariance() * Matern52.correlation(Math.sqrt(r2[p++]));
                gram[i][j] = c;
                gram[j][i] = c;
            }
        }
        try {
            return GaussianProcess.logMarginalLikelihood(gram, y, h.signalVariance(), h.noiseVariance());
        } catch (IllegalStateException e) {
            return Double.NEGATIVE_INFINITY;
        }
    }
}
