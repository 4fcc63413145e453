package io.jtune.engine.search.bench;

import io.jtune.api.Config;
import io.jtune.api.space.Condition;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.space.Space;
import java.util.function.ToDoubleFunction;

/** A test function to minimise: its space, the function, and its known minimum. */
public record Problem(String name, SearchSpace space, ToDoubleFunction<Config> function, double optimum) {

    private static final double[][] A = {{10, 3, 17, 3.5, 1.7, 8}, {0.05, 10, 17, 0.1, 8, 14}, {3, 3.5, 1.7, 10, 17, 8}, {17, 8, 0.05, 10, 0.1, 14}};
    private static final double[][] P = {{0.1312, 0.1696, 0.5569, 0.0124, 0.8283, 0.5886}, {0.2329, 0.4135, 0.8307, 0.3736, 0.1004, 0.9991},
        {0.2348, 0.1451, 0.3522, 0.2883, 0.3047, 0.6650}, {0.4047, 0.8828, 0.8732, 0.5743, 0.1091, 0.0381}};
    private static final double[] ALPHA = {1.0, 1.2, 3.0, 3.2};

    /** Branin on x1 in [-5, 10], x2 in [0, 15]; minimum 0.397887 at three points. */
    public static Problem branin() {
        return new Problem("branin", SearchSpace.builder().uniform("x1", -5, 10).uniform("x2", 0, 15).build(),
                c -> branin(c.getDouble("x1"), c.getDouble("x2")), 0.397887357729739);
    }

    public static double branin(double x1, double x2) {
        double b = 5.1 / (4 * Math.PI * Math.PI);
        double c = 5 / Math.PI;
        double t = 1 / (8 * Math.PI);
        double r = x2 - b * x1 * x1 + c * x1 - 6;
        return r * r + 10 * (1 - t) * Math.cos(x1) + 10;
    }

    /** Hartmann-6 on [0, 1]^6; minimum -3.32237. */
    public static Problem hartmann6() {
        SearchSpace.Builder b = SearchSpace.builder();
        for (int i = 0; i < 6; i++) {
            b.uniform("x" + i, 0, 1);
        }
        return new Problem("hartmann6", b.build(), c -> {
            double[] x = new double[6];
            for (int i = 0; i < 6; i++) {
                x[i] = c.getDouble("x" + i);
            }
            return hartmann6(x);
        }, -3.32236801141551);
    }

    public static double hartmann6(double[] x) {
        double sum = 0;
        for (int i = 0; i < 4; i++) {
            double e = 0;
            for (int j = 0; j < 6; j++) {
                e += A[i][j] * (x[j] - P[i][j]) * (x[j] - P[i][j]);
            }
            sum += ALPHA[i] * Math.exp(-e);
        }
        return -sum;
    }

    /**
     * An SVM-like conditional space: {@code kernel} in linear, poly, rbf, sigmoid; {@code c}
     * (log, always); {@code degree} (poly); {@code gamma} (log; poly, rbf, sigmoid); {@code coef0}
     * (poly, sigmoid). The loss is a synthetic validation error per kernel, bowl-shaped in the log
     * of c and gamma, capped at 0.5 (chance); rbf has the best minimum (0.05) in a narrow region,
     * poly 0.10, linear 0.20, sigmoid 0.30. The function reads only the parameters active for the
     * kernel (a config holding an inactive one fails it). With {@code conditional = false} the
     * same function runs over the flattened space (every parameter in every trial).
     */
    public static Problem svmLike(boolean conditional) {
        SearchSpace.Builder b = SearchSpace.builder()
                .choice("kernel", "linear", "poly", "rbf", "sigmoid")
                .loguniform("c", 1e-3, 1e3);
        add(b, conditional, "degree", Space.randint(2, 6), Condition.of("kernel", "poly"));
        add(b, conditional, "gamma", Space.loguniform(1e-4, 10), Condition.of("kernel", "poly", "rbf", "sigmoid"));
        add(b, conditional, "coef0", Space.uniform(0, 1), Condition.of("kernel", "poly", "sigmoid"));
        return new Problem(conditional ? "svm-conditional" : "svm-flattened", b.build(), c -> svmError(c, conditional), 0.05);
    }

    private static void add(SearchSpace.Builder b, boolean conditional, String name, Object domain, Condition when) {
        if (conditional) {
            b.add(name, domain, when);
        } else {
            b.add(name, domain);
        }
    }

    private static double svmError(Config config, boolean conditional) {
        String kernel = config.getString("kernel");
        double logC = Math.log10(config.getDouble("c"));
        double error = switch (kernel) {
            case "linear" -> 0.20 + 0.02 * sq(logC - 0.5);
            case "poly" -> 0.10 + 0.03 * sq(logC - 1) + 0.04 * sq(Math.log10(config.getDouble("gamma")) + 1.5)
                    + 0.02 * sq(config.getInt("degree") - 3) + 0.1 * sq(config.getDouble("coef0") - 0.3);
            case "rbf" -> 0.05 + 0.06 * sq(logC - 2) + 0.12 * sq(Math.log10(config.getDouble("gamma")) + 2.5);
            case "sigmoid" -> 0.30 + 0.02 * sq(logC) + 0.02 * sq(Math.log10(config.getDouble("gamma")) + 2) + 0.05 * sq(config.getDouble("coef0"));
            default -> throw new IllegalArgumentException("kernel " + kernel);
        };
        if (conditional) {
            for (String p : new String[] {"degree", "gamma", "coef0"}) {
                boolean active = switch (p) {
                    case "degree" -> kernel.equals("poly");
                    case "gamma" -> !kernel.equals("linear");
                    default -> kernel.equals("poly") || kernel.equals("sigmoid");
                };
                if (config.has(p) != active) {
                    throw new IllegalStateException("config " + config + ": '" + p + "' must be " + (active ? "present" : "absent") + " for kernel " + kernel);
                }
            }
        }
        return Math.min(0.5, error);
    }

    private static double sq(double v) {
        return v * v;
    }
}
