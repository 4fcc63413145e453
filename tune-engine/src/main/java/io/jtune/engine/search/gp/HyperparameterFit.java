package io.jtune.engine.search.gp;

import java.util.random.RandomGenerator;

/**
 * Chooses the GP's hyperparameters by maximising the log marginal likelihood with
 * {@link BoundedMaximiser} in log space, from the previous fit and from random starts.
 */
final class HyperparameterFit {

    private HyperparameterFit() {
    }

    static GpHyperparameters fit(double[][] x, double[] y, GpHyperparameters start, int randomStarts, int maxEvaluations, RandomGenerator rng) {
        int features = x[0].length;
        double[] best = BoundedMaximiser.maximise(t -> logLikelihood(x, y, t), start.toLog(), GpHyperparameters.lowerLog(features),
                GpHyperparameters.upperLog(features), randomStarts, maxEvaluations, rng);
        return GpHyperparameters.fromLog(best);
    }

    private static double logLikelihood(double[][] x, double[] y, double[] logHyper) {
        try {
            return new GaussianProcess(x, y, GpHyperparameters.fromLog(logHyper)).logMarginalLikelihood();
        } catch (IllegalStateException e) {
            return Double.NEGATIVE_INFINITY;
        }
    }
}
