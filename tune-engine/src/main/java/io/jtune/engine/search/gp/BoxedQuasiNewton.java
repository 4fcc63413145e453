package io.jtune.engine.search.gp;

/**
 * Minimises a smooth function over a box from its value and gradient: limited-memory BFGS
 * directions over the variables not held at a bound, and a backtracking line search along the
 * projection of the direction onto the box (sufficient decrease, Armijo). Stops when the gradient
 * of the free variables is tiny, when a step gains almost nothing, when no step along the direction
 * decreases the function, or when the evaluation budget is spent; returns the best point evaluated.
 * A non-finite value (a singular model, say) counts as a failed step.
 */
final class BoxedQuasiNewton {
    private static final int MEMORY = 6;
    private static final double SUFFICIENT_DECREASE = 1e-4;
    private static final double GRADIENT_TOLERANCE = 1e-5;
    private static final double RELATIVE_GAIN_TOLERANCE = 1e-9;
    /** The longest first step along the steepest descent, per variable. */
    private static final double FIRST_STEP = 1;
    private static final int MAX_HALVINGS = 30;

    /** A function and its gradient. */
    @FunctionalInterface
    interface Objective {
        /** The value at {@code x}, with its gradient written into {@code gradient}; may be infinite or NaN where undefined. */
        double valueAndGradient(double[] x, double[] gradient);
    }

    /** A point and the function's value there. */
    record Minimum(double[] point, double value) {
    }

    private BoxedQuasiNewton() {
    }

    /** The lowest point found from {@code start} (moved into the box) in at most {@code maxEvaluations} evaluations. */
    static Minimum minimise(Objective f, double[] start, double[] lo, double[] hi, int maxEvaluations) {
        int n = start.length;
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = Math.max(lo[i], Math.min(hi[i], start[i]));
        }
        double[] g = new double[n];
        double fx = f.valueAndGradient(x, g);
        int evaluations = 1;
        if (!Double.isFinite(fx)) {
            return new Minimum(x, Double.POSITIVE_INFINITY);
        }
        double[][] s = new double[MEMORY][];
        double[][] y = new double[MEMORY][];
        double[] rho = new double[MEMORY];
        int stored = 0;
        int newest = -1;
        boolean[] free = new boolean[n];
        double[] d = new double[n];
        double[] xn = new double[n];
        double[] gn = new double[n];
        double[] alpha = new double[MEMORY];
        while (evaluations < maxEvaluations) {
            double largest = 0;
            for (int i = 0; i < n; i++) {
                free[i] = !(x[i] <= lo[i] && g[i] > 0) && !(x[i] >= hi[i] && g[i] < 0);
                if (free[i]) {
                    largest = Math.max(largest, Math.abs(g[i]));
                }
            }
            if (largest < GRADIENT_TOLERANCE) {
                break;
            }
            direction(g, free, s, y, rho, stored, newest, alpha, d);
            if (!(dot(d, g, free) < 0)) {
                // the memory no longer gives a descent direction: forget it and go down the gradient
                stored = 0;
                direction(g, free, s, y, rho, 0, newest, alpha, d);
            }
            double step = stored == 0 ? Math.min(1, FIRST_STEP / maxAbs(d)) : 1;
            double fn = Double.NaN;
            boolean accepted = false;
            for (int halving = 0; halving < MAX_HALVINGS && evaluations < maxEvaluations; halving++, step /= 2) {
                double decrease = 0;
                boolean moved = false;
                for (int i = 0; i < n; i++) {
                    xn[i] = free[i] ? Math.max(lo[i], Math.min(hi[i], x[i] + step * d[i])) : x[i];
                    decrease += g[i] * (xn[i] - x[i]);
                    moved |= xn[i] != x[i];
                }
                if (!moved) {
                    break;
                }
                fn = f.valueAndGradient(xn, gn);
                evaluations++;
                if (fn <= fx + SUFFICIENT_DECREASE * decrease) {
                    accepted = true;
                    break;
                }
            }
            if (!accepted) {
                break;
            }
            double gain = fx - fn;
            int slot = (newest + 1) % MEMORY;
            double[] si = new double[n];
            double[] yi = new double[n];
            double sy = 0;
            for (int i = 0; i < n; i++) {
                si[i] = xn[i] - x[i];
                yi[i] = gn[i] - g[i];
                sy += si[i] * yi[i];
            }
            if (sy > 1e-12) {
                s[slot] = si;
                y[slot] = yi;
                rho[slot] = 1 / sy;
                newest = slot;
                stored = Math.min(MEMORY, stored + 1);
            }
            System.arraycopy(xn, 0, x, 0, n);
            System.arraycopy(gn, 0, g, 0, n);
            fx = fn;
            if (gain <= RELATIVE_GAIN_TOLERANCE * Math.max(1, Math.abs(fx))) {
                break;
            }
        }
        return new Minimum(x, fx);
    }

    /** The L-BFGS two-loop direction {@code -H g} over the free variables (zero elsewhere), into {@code d}. */
    private static void direction(double[] g, boolean[] free, double[][] s, double[][] y, double[] rho, int stored, int newest,
                                  double[] alpha, double[] d) {
        for (int i = 0; i < d.length; i++) {
            d[i] = free[i] ? -g[i] : 0;
        }
        if (stored == 0) {
            return;
        }
        for (int k = 0; k < stored; k++) {
            int m = Math.floorMod(newest - k, MEMORY);
            alpha[m] = rho[m] * dot(s[m], d, free);
            for (int i = 0; i < d.length; i++) {
                if (free[i]) {
                    d[i] -= alpha[m] * y[m][i];
                }
            }
        }
        double gamma = dot(s[newest], y[newest], free) / dot(y[newest], y[newest], free);
        if (!(gamma > 0) || !Double.isFinite(gamma)) {
            gamma = 1;
        }
        for (int i = 0; i < d.length; i++) {
            d[i] *= gamma;
        }
        for (int k = stored - 1; k >= 0; k--) {
            int m = Math.floorMod(newest - k, MEMORY);
            double beta = rho[m] * dot(y[m], d, free);
            for (int i = 0; i < d.length; i++) {
                if (free[i]) {
                    d[i] += (alpha[m] - beta) * s[m][i];
                }
            }
        }
    }

    private static double dot(double[] a, double[] b, boolean[] free) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            if (free[i]) {
                sum += a[i] * b[i];
            }
        }
        return sum;
    }

    private static double maxAbs(double[] v) {
        double m = 0;
        for (double e : v) {
            m = Math.max(m, Math.abs(e));
        }
        return m == 0 ? 1 : m;
    }
}
