package io.jtune.engine.search.gp;

import java.util.random.RandomGenerator;
import org.apache.commons.math3.exception.TooManyEvaluationsException;
import org.apache.commons.math3.optim.InitialGuess;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.SimpleBounds;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunction;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.BOBYQAOptimizer;

/**
 * Chooses the GP's hyperparameters by maximising the log marginal likelihood with BOBYQA (Commons
 * Math, bounded, derivative-free) in log space, from the previous fit and from random starts;
 * the best point any run evaluated wins.
 */
final class HyperparameterFit {
    private static final double INITIAL_RADIUS = 0.5;
    private static final double STOPPING_RADIUS = 1e-3;

    private HyperparameterFit() {
    }

    static GpHyperparameters fit(double[][] x, double[] y, GpHyperparameters start, int randomStarts, int maxEvaluations, RandomGenerator rng) {
        int features = x[0].length;
        double[] lo = GpHyperparameters.lowerLog(features);
        double[] hi = GpHyperparameters.upperLog(features);
        Best best = new Best();
        for (int run = 0; run <= randomStarts; run++) {
            double[] guess = new double[lo.length];
            double[] previous = start.toLog();
            for (int i = 0; i < guess.length; i++) {
                double g = run == 0 ? previous[i] : lo[i] + rng.nextDouble() * (hi[i] - lo[i]);
                guess[i] = Math.max(lo[i] + 1e-9, Math.min(hi[i] - 1e-9, g));
            }
            BOBYQAOptimizer optimizer = new BOBYQAOptimizer(2 * guess.length + 1, INITIAL_RADIUS, STOPPING_RADIUS);
            try {
                optimizer.optimize(new MaxEval(maxEvaluations), GoalType.MAXIMIZE, new InitialGuess(guess), new SimpleBounds(lo, hi),
                        new ObjectiveFunction(t -> best.offer(t, logLikelihood(x, y, t))));
            } catch (TooManyEvaluationsException e) {
                // the best point evaluated so far stands
            }
        }
        return GpHyperparameters.fromLog(best.point);
    }

    private static double logLikelihood(double[] [] x, double[] y, double[] logHyper) {
        try {
            return new GaussianProcess(x, y, GpHyperparameters.fromLog(logHyper)).logMarginalLikelihood();
        } catch (IllegalStateException e) {
            return Double.NEGATIVE_INFINITY;
        }
    }

    private static final class Best {
        double value = Double.NEGATIVE_INFINITY;
        double[] point;

        double offer(double[] t, double v) {
            if (point == null || v > value) {
                value = v;
                point = t.clone();
            }
            return Double.isFinite(v) ? v : -1e300;
        }
    }
}
