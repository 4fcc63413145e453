package io.jtune.engine.search.bench;

import io.jtune.api.Config;
import io.jtune.api.space.Condition;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.space.Space;
import java.util.List;
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

    /**
     * The functions of the benchmark through the Tuner, with the bounds of tuner_bench_optuna.py.
     * Ackley's and Levy's optima lie at or near the centre of their usual boxes, which favours any
     * searcher drawn to the centre; their {@code offcentre} variants move the box so the optimum
     * sits at about a quarter of each range.
     */
    public static List<Problem> benchmarkSet() {
        return List.of(branin(), hartmann6(),
                box("rosenbrock4", 4, -5, 10, Problem::rosenbrock, 0),
                box("ackley5", 5, -32.768, 32.768, Problem::ackley, 0),
                box("levy4", 4, -10, 10, Problem::levy, 0),
                box("styblinskitang4", 4, -5, 5, Problem::styblinskiTang, -39.16616570377142 * 4),
                sixHumpCamel(),
                box("ackley5offcentre", 5, -15, 50, Problem::ackley, 0),
                box("levy4offcentre", 4, -4, 16, Problem::levy, 0));
    }

    /**
     * Problems the searchers' defaults were never tuned on: Rastrigin-3, Zakharov-4, Dixon-Price-4,
     * a 2-d function of a log-scale parameter, and two mixed spaces of an integer, a 4-level
     * categorical and two floats (a sphere with a category offset, Levy-3 with a category shift).
     */
    public static List<Problem> heldOutSet() {
        return List.of(box("rastrigin3", 3, -5.12, 5.12, Problem::rastrigin, 0),
                box("zakharov4", 4, -5, 10, Problem::zakharov, 0),
                box("dixonprice4", 4, -10, 10, Problem::dixonPrice, 0),
                new Problem("logscale2", SearchSpace.builder().loguniform("lr", 1e-5, 1).uniform("x", -5, 5).build(),
                        c -> sq(Math.log10(c.getDouble("lr")) + 2.5) + 0.5 * sq(c.getDouble("x") - 1.5), 0),
                new Problem("mixed-sphere", mixedSpace(-5, 11, -5, 5),
                        c -> 0.25 * sq(c.getInt("n") - 3) + CATEGORY_OFFSET[category(c)] + sq(c.getDouble("x") - 1) + sq(c.getDouble("y") + 2), 0),
                new Problem("mixed-levy", mixedSpace(-10, 11, -10, 10),
                        c -> levy(new double[] {c.getInt("n"), c.getDouble("x") - category(c), c.getDouble("y")}) + 0.5 * category(c), 0));
    }

    private static final String[] CATEGORIES = {"a", "b", "c", "d"};
    private static final double[] CATEGORY_OFFSET = {1.0, 0.0, 0.5, 2.0};

    /** An integer n in [nLo, nHi), a categorical c of four levels, floats x and y in [lo, hi]. */
    private static SearchSpace mixedSpace(int nLo, int nHi, double lo, double hi) {
        return SearchSpace.builder().add("n", Space.randint(nLo, nHi)).add("c", Space.choice((Object[]) CATEGORIES))
                .uniform("x", lo, hi).uniform("y", lo, hi).build();
    }

    private static int category(Config c) {
        return List.of(CATEGORIES).indexOf(c.getString("c"));
    }

    public static double rastrigin(double[] x) {
        double s = 10 * x.length;
        for (double v : x) {
            s += v * v - 10 * Math.cos(2 * Math.PI * v);
        }
        return s;
    }

    public static double zakharov(double[] x) {
        double squares = 0;
        double weighted = 0;
        for (int i = 0; i < x.length; i++) {
            squares += x[i] * x[i];
            weighted += 0.5 * (i + 1) * x[i];
        }
        return squares + sq(weighted) + sq(sq(weighted));
    }

    public static double dixonPrice(double[] x) {
        double s = sq(x[0] - 1);
        for (int i = 1; i < x.length; i++) {
            s += (i + 1) * sq(2 * x[i] * x[i] - x[i - 1]);
        }
        return s;
    }

    /** A function of x0..x(d-1), each in [lo, hi]. */
    public static Problem box(String name, int d, double lo, double hi, ToDoubleFunction<double[]> f, double optimum) {
        SearchSpace.Builder b = SearchSpace.builder();
        for (int i = 0; i < d; i++) {
            b.uniform("x" + i, lo, hi);
        }
        return new Problem(name, b.build(), c -> {
            double[] x = new double[d];
            for (int i = 0; i < d; i++) {
                x[i] = c.getDouble("x" + i);
            }
            return f.applyAsDouble(x);
        }, optimum);
    }

    /** Six-hump camel on x0 in [-3, 3], x1 in [-2, 2]; minimum -1.0316 at two points. */
    public static Problem sixHumpCamel() {
        return new Problem("sixhumpcamel", SearchSpace.builder().uniform("x0", -3, 3).uniform("x1", -2, 2).build(), c -> {
            double a = c.getDouble("x0");
            double b = c.getDouble("x1");
            return (4 - 2.1 * a * a + a * a * a * a / 3) * a * a + a * b + (-4 + 4 * b * b) * b * b;
        }, -1.031628453489877);
    }

    public static double rosenbrock(double[] x) {
        double s = 0;
        for (int i = 0; i + 1 < x.length; i++) {
            s += 100 * (x[i + 1] - x[i] * x[i]) * (x[i + 1] - x[i] * x[i]) + (1 - x[i]) * (1 - x[i]);
        }
        return s;
    }

    public static double ackley(double[] x) {
        double squares = 0;
        double cosines = 0;
        for (double v : x) {
            squares += v * v;
            cosines += Math.cos(2 * Math.PI * v);
        }
        return -20 * Math.exp(-0.2 * Math.sqrt(squares / x.length)) - Math.exp(cosines / x.length) + 20 + Math.E;
    }

    public static double levy(double[] x) {
        int d = x.length;
        double w0 = 1 + (x[0] - 1) / 4;
        double s = Math.pow(Math.sin(Math.PI * w0), 2);
        for (int i = 0; i + 1 < d; i++) {
            double w = 1 + (x[i] - 1) / 4;
            s += (w - 1) * (w - 1) * (1 + 10 * Math.pow(Math.sin(Math.PI * w + 1), 2));
        }
        double wd = 1 + (x[d - 1] - 1) / 4;
        return s + (wd - 1) * (wd - 1) * (1 + Math.pow(Math.sin(2 * Math.PI * wd), 2));
    }

    public static double styblinskiTang(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v * v * v * v - 16 * v * v + 5 * v;
        }
        return s / 2;
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
