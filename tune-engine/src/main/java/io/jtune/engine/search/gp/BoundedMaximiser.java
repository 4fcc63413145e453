package io.jtune.engine.search.gp;

import java.util.function.ToDoubleFunction;
import java.util.random.RandomGenerator;
import org.apache.commons.math3.exception.MathIllegalStateException;
import org.apache.commons.math3.optim.InitialGuess;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.SimpleBounds;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunction;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.BOBYQAOptimizer;
import org.apache.commons.math3.optim.univariate.BrentOptimizer;
import org.apache.commons.math3.optim.univariate.SearchInterval;
import org.apache.commons.math3.optim.univariate.UnivariateObjectiveFunction;

/**
 * Maximises a function over a box from a given start and from random starts, each run polished by
 * a bounded derivative-free local search (Commons Math BOBYQA; Brent's method in one dimension,
 * where BOBYQA does not apply); the best point any run evaluated wins, also when a run ends early
 * (out of evaluations, or a stalled trust region). Non-finite values count as the worst.
 */
public final class BoundedMaximiser {
    private static final double INITIAL_RADIUS = 0.5;
    private static final double STOPPING_RADIUS = 1e-3;

    private BoundedMaximiser() {
    }

    /**
     * The best point found: a run from {@code start} (when not null) and {@code randomStarts} runs
     * from uniform points of {@code [lo, hi]}, each of at most {@code maxEvaluations} evaluations.
     */
    public static double[] maximise(ToDoubleFunction<double[]> f, double[] start, double[] lo, double[] hi, int randomStarts, int maxEvaluations, RandomGenerator rng) {
        Best best = new Best();
        int runs = randomStarts + (start == null ? 0 : 1);
        for (int run = 0; run < runs; run++) {
            double[] guess = new double[lo.length];
            for (int i = 0; i < guess.length; i++) {
                double g = run == 0 && start != null ? start[i] : lo[i] + rng.nextDouble() * (hi[i] - lo[i]);
                guess[i] = Math.max(lo[i] + 1e-9, Math.min(hi[i] - 1e-9, g));
            }
            try {
                if (lo.length == 1) {
                    double width = (hi[0] - lo[0]) * INITIAL_RADIUS / 2;
                    new BrentOptimizer(1e-6, 1e-9).optimize(new MaxEval(maxEvaluations), GoalType.MAXIMIZE,
                            new SearchInterval(Math.max(lo[0], guess[0] - width), Math.min(hi[0], guess[0] + width), guess[0]),
                            new UnivariateObjectiveFunction(t -> best.offer(new double[] {t}, f.applyAsDouble(new double[] {t}))));
                } else {
                    new BOBYQAOptimizer(2 * guess.length + 1, INITIAL_RADIUS * minWidth(lo, hi), STOPPING_RADIUS * minWidth(lo, hi))
                            .optimize(new MaxEval(maxEvaluations), GoalType.MAXIMIZE, new InitialGuess(guess), new SimpleBounds(lo, hi),
                                    new ObjectiveFunction(t -> best.offer(t, f.applyAsDouble(t))));
                }
            } catch (MathIllegalStateException e) {
                // out of evaluations, or BOBYQA's trust region stalled on a flat or noisy surface: the best point evaluated so far stands
            }
            best.offer(guess, f.applyAsDouble(guess));
        }
        return best.point;
    }

    private static double minWidth(double[] lo, double[] hi) {
        double w = Double.POSITIVE_INFINITY;
        for (int i = 0; i < lo.length; i++) {
            w = Math.min(w, hi[i] - lo[i]);
        }
        return Math.min(1, w);
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
