package io.jtune.engine.search.bench.suite;

import io.jtune.engine.search.bench.suite.SuiteProblem.Instance;
import io.jtune.engine.search.bench.suite.SuiteProblem.Param;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * The problems of the search suite, fixed in advance and not chosen by how any searcher does on them:
 * <ul>
 * <li>{@code bbob}: COCO's 24 noiseless BBOB functions on [-5, 5]^D, in each of the given dimensions;</li>
 * <li>{@code mixed}: as COCO's {@code bbob-mixint} builds them, a BBOB function whose dimensions come
 *     in fifths of different kinds — a 2-level categorical, a 4-level integer, a 10-level categorical
 *     (levels in a shuffled order, so their labels say nothing of their place), a float and a
 *     log-scale float over five decades — the discrete ones on a grid of [-4, 4] with the instance's
 *     optimum moved onto it; functions f1, f8, f10, f13, f15, f17 in 5 and 10 dimensions;</li>
 * <li>{@code log}: a BBOB function whose every coordinate is a log-scale float over five decades
 *     (f2, f8, f15, f21 in 2 and 5 dimensions);</li>
 * <li>{@code conditional}: a 3-level categorical choosing which of three 4-dimensional BBOB
 *     functions (f8 + 0, f1 + 1, f15 + 0.5 above their minima) is evaluated; one float is shared, three
 *     are active only under their level.</li>
 * </ul>
 * A run with seed s uses instance s + 1 of every function.
 */
public final class Suite {
    private static final double[] LEVELS_2 = grid(2);
    private static final double[] LEVELS_4 = grid(4);
    private static final double[] LEVELS_10 = grid(10);

    private Suite() {
    }

    /** Every problem of the suite, BBOB in {@code dims}. */
    public static List<SuiteProblem> all(int[] dims) {
        List<SuiteProblem> all = new ArrayList<>();
        for (int d : dims) {
            for (int f = 1; f <= 24; f++) {
                all.add(bbob(f, d));
            }
        }
        for (int d : new int[] {5, 10}) {
            for (int f : new int[] {1, 8, 10, 13, 15, 17}) {
                all.add(mixed(f, d));
            }
        }
        for (int d : new int[] {2, 5}) {
            for (int f : new int[] {2, 8, 15, 21}) {
                all.add(logScale(f, d));
            }
        }
        all.add(conditional());
        return all;
    }

    private static String label(int f, int d) {
        return "f" + f + "-" + Bbob.NAMES[f - 1] + "-" + d + "d";
    }

    private static List<Param> floats(int d) {
        return IntStream.range(0, d).mapToObj(i -> Param.uniform("x" + i, -5, 5)).toList();
    }

    /** BBOB function f in d dimensions. */
    public static SuiteProblem bbob(int f, int d) {
        return new SuiteProblem(label(f, d), "bbob", d, floats(d), instance -> {
            Bbob b = Bbob.of(f, d, instance);
            return new Instance(c -> b.value(coordinates(c, d)), b.fopt());
        });
    }

    private static double[] coordinates(Map<String, Object> c, int d) {
        double[] x = new double[d];
        for (int i = 0; i < d; i++) {
            x[i] = ((Number) c.get("x" + i)).doubleValue();
        }
        return x;
    }

    private static double[] grid(int levels) {
        return IntStream.range(0, levels).mapToDouble(k -> -4 + 8.0 * k / (levels - 1)).toArray();
    }

    private static List<String> labels(int levels) {
        return IntStream.range(0, levels).mapToObj(k -> "v" + k).toList();
    }

    /** A log-scale float p in [1e-3, 1e2] as the coordinate 2 (log10 p + 3) - 5 of [-5, 5]. */
    private static double fromLog(double p, double lowExponent) {
        return 2 * (Math.log10(p) - lowExponent) - 5;
    }

    /** BBOB function f (a plain shift) in d dimensions (a multiple of 5), its fifths of mixed kinds. */
    public static SuiteProblem mixed(int f, int d) {
        List<Param> params = new ArrayList<>();
        for (int i = 0; i < d; i++) {
            params.add(switch (i % 5) {
                case 0 -> Param.choice("x" + i, labels(2));
                case 1 -> Param.integer("x" + i, 0, 3);
                case 2 -> Param.choice("x" + i, labels(10));
                case 3 -> Param.uniform("x" + i, -5, 5);
                default -> Param.logUniform("x" + i, 1e-3, 1e2);
            });
        }
        return new SuiteProblem("mixed-" + label(f, d), "mixed", d, params, instance -> {
            Bbob plain = Bbob.of(f, d, instance);
            // the place of each categorical label on its grid: a shuffle drawn from the instance
            int[][] place = new int[d][];
            double[] xopt = plain.xopt();
            SplittableRandom rng = new SplittableRandom(instance * 7919L + f);
            for (int i = 0; i < d; i++) {
                double[] levels = switch (i % 5) {
                    case 0 -> LEVELS_2;
                    case 1 -> LEVELS_4;
                    case 2 -> LEVELS_10;
                    default -> null;
                };
                if (levels != null) {
                    xopt[i] = levels[nearest(levels, xopt[i])];
                    place[i] = shuffled(levels.length, rng);
                }
            }
            Bbob b = plain.movedTo(xopt);
            return new Instance(c -> {
                double[] x = new double[d];
                for (int i = 0; i < d; i++) {
                    Object v = c.get("x" + i);
                    x[i] = switch (i % 5) {
                        case 0 -> LEVELS_2[place[i][Integer.parseInt(((String) v).substring(1))]];
                        case 1 -> LEVELS_4[((Number) v).intValue()];
                        case 2 -> LEVELS_10[place[i][Integer.parseInt(((String) v).substring(1))]];
                        case 3 -> ((Number) v).doubleValue();
                        default -> fromLog(((Number) v).doubleValue(), -3);
                    };
                }
                return b.value(x);
            }, b.fopt());
        });
    }

    private static int nearest(double[] levels, double x) {
        int best = 0;
        for (int k = 1; k < levels.length; k++) {
            if (Math.abs(levels[k] - x) < Math.abs(levels[best] - x)) {
                best = k;
            }
        }
        return best;
    }

    private static int[] shuffled(int n, SplittableRandom rng) {
        int[] p = IntStream.range(0, n).toArray();
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }

    /** BBOB function f in d dimensions, every coordinate a log-scale float p in [1e-4, 1e1]. */
    public static SuiteProblem logScale(int f, int d) {
        List<Param> params = IntStream.range(0, d).mapToObj(i -> Param.logUniform("x" + i, 1e-4, 1e1)).toList();
        return new SuiteProblem("log-" + label(f, d), "log", d, params, instance -> {
            Bbob b = Bbob.of(f, d, instance);
            return new Instance(c -> {
                double[] x = coordinates(c, d);
                for (int i = 0; i < d; i++) {
                    x[i] = fromLog(x[i], -4);
                }
                return b.value(x);
            }, b.fopt());
        });
    }

    private static final int[] BRANCH_FUNCTIONS = {8, 1, 15};
    private static final double[] BRANCH_OFFSETS = {0, 1, 0.5};
    private static final List<String> BRANCHES = List.of("a", "b", "c");

    /** A categorical {@code branch} picking one of three 4-d BBOB functions over the shared {@code s} and three floats of its own. */
    public static SuiteProblem conditional() {
        List<Param> params = new ArrayList<>();
        params.add(Param.choice("branch", BRANCHES));
        params.add(Param.uniform("s", -5, 5));
        for (String b : BRANCHES) {
            for (int i = 0; i < 3; i++) {
                params.add(Param.uniform(b + i, -5, 5).when("branch", List.of(b)));
            }
        }
        return new SuiteProblem("conditional-3x4d", "conditional", 7, params, instance -> {
            Bbob[] functions = new Bbob[3];
            for (int k = 0; k < 3; k++) {
                functions[k] = Bbob.of(BRANCH_FUNCTIONS[k], 4, instance);
            }
            return new Instance(c -> {
                String branch = (String) c.get("branch");
                int k = BRANCHES.indexOf(branch);
                double[] x = {((Number) c.get("s")).doubleValue(), 0, 0, 0};
                for (int i = 0; i < 3; i++) {
                    x[i + 1] = ((Number) c.get(branch + i)).doubleValue();
                }
                return functions[k].value(x) - functions[k].fopt() + BRANCH_OFFSETS[k];
            }, 0);
        });
    }
}
