package io.jtune.engine.search.bench.suite;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * The 24 noiseless functions of the BBOB test suite (COCO's {@code bbob}), on [-5, 5]^D, each
 * instance's optimum location {@code xopt}, optimal value {@code fopt} and rotations generated from
 * the instance seed by the legacy BBOB 2009 generator (a Park–Miller stream with a 32-slot shuffle,
 * Box–Muller normals, Gram–Schmidt orthonormalised Gaussian matrices), as the function definitions
 * of Hansen, Finck, Ros and Auger (2009) describe them. {@link #value} is f(x); {@link #fopt} is its
 * minimum (f20's is reached at {@code xopt} up to the rounding of 4.2096874633).
 */
public final class Bbob {
    /** The functions' short names, f1 first. */
    public static final String[] NAMES = {"sphere", "ellipsoid", "rastrigin", "buche-rastrigin", "linear-slope",
        "attractive-sector", "step-ellipsoid", "rosenbrock", "rosenbrock-rotated", "ellipsoid-rotated", "discus",
        "bent-cigar", "sharp-ridge", "different-powers", "rastrigin-rotated", "weierstrass", "schaffers-f7",
        "schaffers-f7-ill", "griewank-rosenbrock", "schwefel", "gallagher-101", "gallagher-21", "katsuura", "lunacek"};

    private final int function;
    private final int dim;
    private final double fopt;
    private final double[] xopt;
    private final double[][] r;
    private final double[][] q;
    /** Gallagher: the peaks' centres, heights and diagonal scalings. */
    private final double[][] peaks;
    private final double[] heights;
    private final double[][] scales;

    private Bbob(int function, int dim, double fopt, double[] xopt, double[][] r, double[][] q, double[][] peaks, double[] heights, double[][] scales) {
        this.function = function;
        this.dim = dim;
        this.fopt = fopt;
        this.xopt = xopt;
        this.r = r;
        this.q = q;
        this.peaks = peaks;
        this.heights = heights;
        this.scales = scales;
    }

    /** Function {@code function} (1–24) in {@code dim} ≥ 2 dimensions, instance {@code instance} ≥ 1. */
    public static Bbob of(int function, int dim, int instance) {
        if (function < 1 || function > 24 || dim < 2 || instance < 1) {
            throw new IllegalArgumentException("BBOB function 1-24, dimension >= 2, instance >= 1; got f" + function + " in " + dim + "-D, instance " + instance);
        }
        long rseed = (function == 4 ? 3 : function == 18 ? 17 : function) + 10000L * instance;
        double fopt = fopt(function, instance);
        double[][] r = rotation(rseed + 1000000, dim);
        double[][] q = rotation(rseed, dim);
        double[] xopt = xopt(rseed, dim);
        switch (function) {
            case 4 -> {
                for (int i = 0; i < dim; i += 2) {
                    xopt[i] = Math.abs(xopt[i]);
                }
            }
            case 5 -> {
                for (int i = 0; i < dim; i++) {
                    xopt[i] = xopt[i] < 0 ? -5 : 5;
                }
            }
            case 8 -> {
                for (int i = 0; i < dim; i++) {
                    xopt[i] *= 0.75;
                }
            }
            case 9, 19 -> {
                // z = c R x + 1/2 is 1 at x = R^T (1 / (2c))
                r = q;
                double c = Math.max(1, Math.sqrt(dim) / 8);
                for (int i = 0; i < dim; i++) {
                    double s = 0;
                    for (int j = 0; j < dim; j++) {
                        s += r[j][i] / (2 * c);
                    }
                    xopt[i] = s;
                }
            }
            case 20 -> {
                double[] u = unif(dim, rseed);
                for (int i = 0; i < dim; i++) {
                    xopt[i] = (u[i] < 0.5 ? -1 : 1) * 4.2096874633 / 2;
                }
            }
            case 24 -> {
                double[] g = gauss(dim, rseed);
                for (int i = 0; i < dim; i++) {
                    xopt[i] = (g[i] < 0 ? -1 : 1) * LUNACEK_MU0 / 2;
                }
            }
            default -> {
            }
        }
        if (function == 21 || function == 22) {
            return gallagher(function, dim, rseed, fopt, q);
        }
        return new Bbob(function, dim, fopt, xopt, r, q, null, null, null);
    }

    private static final double LUNACEK_MU0 = 2.5;

    /** Gallagher's 101 (f21) or 21 (f22) peaks: heights, centres and condition numbers drawn from the seed. */
    private static Bbob gallagher(int function, int dim, long rseed, double fopt, double[][] rotation) {
        int n = function == 21 ? 101 : 21;
        double spread = function == 21 ? 5 : 4.9;
        double firstCondition = function == 21 ? Math.sqrt(1000) : 1000;
        double[] order = unif(n - 1, rseed);
        int[] rank = ranks(order);
        double[] condition = new double[n];
        double[] heights = new double[n];
        condition[0] = firstCondition;
        heights[0] = 10;
        for (int i = 1; i < n; i++) {
            condition[i] = Math.pow(1000, rank[i - 1] / (double) (n - 2));
            heights[i] = 1.1 + 8.0 * (i - 1) / (n - 2);
        }
        double[][] scales = new double[n][dim];
        for (int i = 0; i < n; i++) {
            int[] perm = ranks(unif(dim, rseed + 1000L * i));
            for (int j = 0; j < dim; j++) {
                scales[i][j] = Math.pow(condition[i], perm[j] / (double) (dim - 1) - 0.5);
            }
        }
        double[] u = unif(dim * n, rseed);
        double[][] peaks = new double[n][dim];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < dim; j++) {
                peaks[i][j] = (2 * spread * u[j * n + i] - spread) * (i == 0 ? 0.8 : 1);
            }
        }
        return new Bbob(function, dim, fopt, peaks[0].clone(), rotation, rotation, peaks, heights, scales);
    }

    /** The rank (0-based) of each value among all: where it lands when sorted ascending. */
    private static int[] ranks(double[] values) {
        Integer[] byValue = IntStream.range(0, values.length).boxed().toArray(Integer[]::new);
        Arrays.sort(byValue, Comparator.comparingDouble(i -> values[i]));
        int[] rank = new int[values.length];
        for (int k = 0; k < byValue.length; k++) {
            rank[byValue[k]] = k;
        }
        return rank;
    }

    /** The same function with its optimum moved to {@code newXopt} (for functions whose optimum is a plain shift). */
    public Bbob movedTo(double[] newXopt) {
        if (!isPlainShift(function)) {
            throw new IllegalArgumentException("BBOB f" + function + "'s optimum is not a plain shift: it cannot be moved");
        }
        return new Bbob(function, dim, fopt, newXopt.clone(), r, q, null, null, null);
    }

    /** True when f(x) depends on x only through x − xopt (so the optimum may be moved). */
    public static boolean isPlainShift(int function) {
        return !(function == 4 || function == 5 || function == 9 || function == 19 || function == 20 || function == 21 || function == 22 || function == 24);
    }

    public int function() {
        return function;
    }

    public int dimension() {
        return dim;
    }

    public double fopt() {
        return fopt;
    }

    public double[] xopt() {
        return xopt.clone();
    }

    /** f(x). */
    public double value(double[] x) {
        if (x.length != dim) {
            throw new IllegalArgumentException("BBOB f" + function + " is " + dim + "-dimensional, got " + x.length + " coordinates");
        }
        double[] z = shifted(x);
        double f = switch (function) {
            case 1 -> squares(z);
            case 2 -> ellipsoid(tosz(z));
            case 3 -> rastrigin(lambda(tasy(tosz(z), 0.2), 10));
            case 4 -> bucheRastrigin(tosz(z)) + 100 * pen(x);
            case 5 -> linearSlope(x);
            case 6 -> attractiveSector(mul(q, lambda(mul(r, z), 10)));
            case 7 -> stepEllipsoid(lambda(mul(r, z), 10)) + pen(x);
            case 8 -> rosenbrock(x, false);
            case 9 -> rosenbrock(x, true);
            case 10 -> ellipsoid(tosz(mul(r, z)));
            case 11 -> discus(tosz(mul(r, z)));
            case 12 -> bentCigar(mul(r, tasy(mul(r, z), 0.5)));
            case 13 -> sharpRidge(mul(q, lambda(mul(r, z), 10)));
            case 14 -> differentPowers(mul(r, z));
            case 15 -> rastrigin(mul(r, lambda(mul(q, tasy(tosz(mul(r, z)), 0.2)), 10)));
            case 16 -> weierstrass(mul(r, lambda(mul(q, tosz(mul(r, z))), 0.01))) + 10.0 / dim * pen(x);
            case 17 -> schaffers(lambda(mul(q, tasy(mul(r, z), 0.5)), 10)) + 10 * pen(x);
            case 18 -> schaffers(lambda(mul(q, tasy(mul(r, z), 0.5)), 1000)) + 10 * pen(x);
            case 19 -> griewankRosenbrock(x);
            case 20 -> schwefel(x);
            case 21, 22 -> gallagherValue(x) + pen(x);
            case 23 -> katsuura(mul(q, lambda(mul(r, z), 100))) + pen(x);
            case 24 -> lunacek(x) + 1e4 * pen(x);
            default -> throw new IllegalStateException("f" + function);
        };
        return f + fopt;
    }

    private double[] shifted(double[] x) {
        double[] z = new double[dim];
        for (int i = 0; i < dim; i++) {
            z[i] = x[i] - xopt[i];
        }
        return z;
    }

    private double exponent(int i) {
        return i / (double) (dim - 1);
    }

    private static double squares(double[] z) {
        double s = 0;
        for (double v : z) {
            s += v * v;
        }
        return s;
    }

    private double ellipsoid(double[] z) {
        double s = 0;
        for (int i = 0; i < dim; i++) {
            s += Math.pow(10, 6 * exponent(i)) * z[i] * z[i];
        }
        return s;
    }

    private double rastrigin(double[] z) {
        double cos = 0;
        for (double v : z) {
            cos += Math.cos(2 * Math.PI * v);
        }
        return 10 * (dim - cos) + squares(z);
    }

    private double bucheRastrigin(double[] t) {
        double[] z = new double[dim];
        for (int i = 0; i < dim; i++) {
            double s = Math.pow(10, 0.5 * exponent(i));
            z[i] = (i % 2 == 0 && t[i] > 0 ? 10 * s : s) * t[i];
        }
        return rastrigin(z);
    }

    private double linearSlope(double[] x) {
        double f = 0;
        for (int i = 0; i < dim; i++) {
            double z = x[i] * xopt[i] < 25 ? x[i] : xopt[i];
            double s = Math.signum(xopt[i]) * Math.pow(10, exponent(i));
            f += 5 * Math.abs(s) - s * z;
        }
        return f;
    }

    private double attractiveSector(double[] z) {
        double s = 0;
        for (int i = 0; i < dim; i++) {
            double w = z[i] * xopt[i] > 0 ? 100 : 1;
            s += w * w * z[i] * z[i];
        }
        return Math.pow(tosz(s), 0.9);
    }

    private double stepEllipsoid(double[] zHat) {
        double[] rounded = new double[dim];
        for (int i = 0; i < dim; i++) {
            rounded[i] = Math.abs(zHat[i]) > 0.5 ? Math.floor(0.5 + zHat[i]) : Math.floor(0.5 + 10 * zHat[i]) / 10;
        }
        double[] z = mul(q, rounded);
        double s = 0;
        for (int i = 0; i < dim; i++) {
            s += Math.pow(10, 2 * exponent(i)) * z[i] * z[i];
        }
        return 0.1 * Math.max(Math.abs(zHat[0]) / 1e4, s);
    }

    /** z = c (x − xopt) + 1, or rotated: z = c R x + 1/2; with c = max(1, √D / 8). */
    private double[] rosenbrockZ(double[] x, boolean rotated) {
        double c = Math.max(1, Math.sqrt(dim) / 8);
        double[] z = rotated ? mul(r, x) : shifted(x);
        for (int i = 0; i < dim; i++) {
            z[i] = c * z[i] + (rotated ? 0.5 : 1);
        }
        return z;
    }

    private double rosenbrock(double[] x, boolean rotated) {
        double[] z = rosenbrockZ(x, rotated);
        double s = 0;
        for (int i = 0; i + 1 < dim; i++) {
            s += 100 * sq(z[i] * z[i] - z[i + 1]) + sq(z[i] - 1);
        }
        return s;
    }

    private double discus(double[] z) {
        return 1e6 * z[0] * z[0] + squares(z) - z[0] * z[0];
    }

    private double bentCigar(double[] z) {
        return z[0] * z[0] + 1e6 * (squares(z) - z[0] * z[0]);
    }

    private double sharpRidge(double[] z) {
        return z[0] * z[0] + 100 * Math.sqrt(squares(z) - z[0] * z[0]);
    }

    private double differentPowers(double[] z) {
        double s = 0;
        for (int i = 0; i < dim; i++) {
            s += Math.pow(Math.abs(z[i]), 2 + 4 * exponent(i));
        }
        return Math.sqrt(s);
    }

    private static final double WEIERSTRASS_F0;

    static {
        double f0 = 0;
        for (int k = 0; k < 12; k++) {
            f0 += Math.pow(0.5, k) * Math.cos(Math.PI * Math.pow(3, k));
        }
        WEIERSTRASS_F0 = f0;
    }

    private double weierstrass(double[] z) {
        double s = 0;
        for (double v : z) {
            for (int k = 0; k < 12; k++) {
                s += Math.pow(0.5, k) * Math.cos(2 * Math.PI * Math.pow(3, k) * (v + 0.5));
            }
        }
        return 10 * Math.pow(s / dim - WEIERSTRASS_F0, 3);
    }

    private double schaffers(double[] z) {
        double s = 0;
        for (int i = 0; i + 1 < dim; i++) {
            double si = Math.sqrt(z[i] * z[i] + z[i + 1] * z[i + 1]);
            s += Math.sqrt(si) + Math.sqrt(si) * sq(Math.sin(50 * Math.pow(si, 0.2)));
        }
        return sq(s / (dim - 1));
    }

    private double griewankRosenbrock(double[] x) {
        double[] z = rosenbrockZ(x, true);
        double s = 0;
        for (int i = 0; i + 1 < dim; i++) {
            double si = 100 * sq(z[i] * z[i] - z[i + 1]) + sq(z[i] - 1);
            s += si / 4000 - Math.cos(si);
        }
        return 10 * s / (dim - 1) + 10;
    }

    private double schwefel(double[] x) {
        double[] xHat = new double[dim];
        for (int i = 0; i < dim; i++) {
            xHat[i] = 2 * Math.signum(xopt[i]) * x[i];
        }
        double[] zHat = xHat.clone();
        for (int i = 1; i < dim; i++) {
            zHat[i] = xHat[i] + 0.25 * (xHat[i - 1] - 2 * Math.abs(xopt[i - 1]));
        }
        double[] z = new double[dim];
        double sum = 0;
        double pen = 0;
        for (int i = 0; i < dim; i++) {
            double a = 2 * Math.abs(xopt[i]);
            z[i] = 100 * (Math.pow(10, 0.5 * exponent(i)) * (zHat[i] - a) + a);
            sum += z[i] * Math.sin(Math.sqrt(Math.abs(z[i])));
            pen += sq(Math.max(0, Math.abs(z[i] / 100) - 5));
        }
        return -sum / (100.0 * dim) + 4.189828872724339 + 100 * pen;
    }

    private double gallagherValue(double[] x) {
        double best = 0;
        for (int i = 0; i < peaks.length; i++) {
            double[] d = new double[dim];
            for (int j = 0; j < dim; j++) {
                d[j] = x[j] - peaks[i][j];
            }
            double[] rd = mul(r, d);
            double quad = 0;
            for (int j = 0; j < dim; j++) {
                quad += scales[i][j] * rd[j] * rd[j];
            }
            best = Math.max(best, heights[i] * Math.exp(-quad / (2.0 * dim)));
        }
        return sq(tosz(10 - best));
    }

    private double katsuura(double[] z) {
        double product = 1;
        for (int i = 0; i < dim; i++) {
            double s = 0;
            for (int j = 1; j <= 32; j++) {
                double p = Math.pow(2, j) * z[i];
                s += Math.abs(p - Math.rint(p)) / Math.pow(2, j);
            }
            product *= Math.pow(1 + (i + 1) * s, 10 / Math.pow(dim, 1.2));
        }
        return 10.0 / (dim * dim) * (product - 1);
    }

    private double lunacek(double[] x) {
        double s = 1 - 1 / (2 * Math.sqrt(dim + 20) - 8.2);
        double mu1 = -Math.sqrt((LUNACEK_MU0 * LUNACEK_MU0 - 1) / s);
        double[] xHat = new double[dim];
        double[] centred = new double[dim];
        double first = 0;
        double second = 0;
        for (int i = 0; i < dim; i++) {
            xHat[i] = 2 * Math.signum(xopt[i]) * x[i];
            centred[i] = xHat[i] - LUNACEK_MU0;
            first += sq(xHat[i] - LUNACEK_MU0);
            second += sq(xHat[i] - mu1);
        }
        double[] z = mul(q, lambda(mul(r, centred), 100));
        double cos = 0;
        for (double v : z) {
            cos += Math.cos(2 * Math.PI * v);
        }
        return Math.min(first, dim + s * second) + 10 * (dim - cos);
    }

    /** Σ max(0, |x_i| − 5)², the penalty outside [-5, 5]^D. */
    private static double pen(double[] x) {
        double s = 0;
        for (double v : x) {
            s += sq(Math.max(0, Math.abs(v) - 5));
        }
        return s;
    }

    /** T_osz: the oscillating transformation, coordinate-wise. */
    static double tosz(double v) {
        if (v == 0) {
            return 0;
        }
        double h = Math.log(Math.abs(v));
        double c1 = v > 0 ? 10 : 5.5;
        double c2 = v > 0 ? 7.9 : 3.1;
        return Math.signum(v) * Math.exp(h + 0.049 * (Math.sin(c1 * h) + Math.sin(c2 * h)));
    }

    private static double[] tosz(double[] z) {
        double[] t = new double[z.length];
        for (int i = 0; i < z.length; i++) {
            t[i] = tosz(z[i]);
        }
        return t;
    }

    /** T_asy^β: positive coordinates raised to 1 + β (i / (D − 1)) √z_i. */
    private double[] tasy(double[] z, double beta) {
        double[] t = z.clone();
        for (int i = 0; i < dim; i++) {
            if (z[i] > 0) {
                t[i] = Math.pow(z[i], 1 + beta * exponent(i) * Math.sqrt(z[i]));
            }
        }
        return t;
    }

    /** Λ^α z: coordinate i scaled by α^(i / (2 (D − 1))). */
    private double[] lambda(double[] z, double alpha) {
        double[] t = new double[dim];
        for (int i = 0; i < dim; i++) {
            t[i] = Math.pow(alpha, 0.5 * exponent(i)) * z[i];
        }
        return t;
    }

    private static double[] mul(double[][] m, double[] v) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            double s = 0;
            for (int j = 0; j < v.length; j++) {
                s += m[i][j] * v[j];
            }
            out[i] = s;
        }
        return out;
    }

    private static double sq(double v) {
        return v * v;
    }

    /** The legacy BBOB uniform stream: {@code n} numbers in (0, 1] from {@code seed}. */
    static double[] unif(int n, long seed) {
        long s = Math.max(1, Math.abs(seed));
        long[] table = new long[32];
        for (int i = 39; i >= 0; i--) {
            s = lehmer(s);
            if (i < 32) {
                table[i] = s;
            }
        }
        long out = table[0];
        double[] r = new double[n];
        for (int i = 0; i < n; i++) {
            s = lehmer(s);
            int slot = (int) Math.floorDiv(out, 67108865L);
            out = table[slot];
            table[slot] = s;
            r[i] = out / 2.147483647e9;
            if (r[i] == 0) {
                r[i] = 1e-99;
            }
        }
        return r;
    }

    /** One step of the Park–Miller minimal standard generator by Schrage's method. */
    private static long lehmer(long s) {
        long hi = Math.floorDiv(s, 127773L);
        long next = 16807 * (s - hi * 127773) - 2836 * hi;
        return next < 0 ? next + 2147483647L : next;
    }

    /** The legacy BBOB normal stream (Box–Muller over {@code 2n} uniforms). */
    static double[] gauss(int n, long seed) {
        double[] u = unif(2 * n, seed);
        double[] g = new double[n];
        for (int i = 0; i < n; i++) {
            g[i] = Math.sqrt(-2 * Math.log(u[i])) * Math.cos(2 * Math.PI * u[n + i]);
            if (g[i] == 0) {
                g[i] = 1e-99;
            }
        }
        return g;
    }

    /** xopt on a grid of 1e-4 in [-4, 4). */
    static double[] xopt(long seed, int dim) {
        double[] u = unif(dim, seed);
        double[] x = new double[dim];
        for (int i = 0; i < dim; i++) {
            x[i] = 8 * Math.floor(1e4 * u[i]) / 1e4 - 4;
            if (x[i] == 0) {
                x[i] = -1e-5;
            }
        }
        return x;
    }

    /** fopt: a ratio of two normals, in hundredths, clipped to [-1000, 1000]. */
    static double fopt(int function, int instance) {
        long seed = (function == 4 ? 3 : function == 18 ? 17 : function) + 10000L * instance;
        double ratio = gauss(1, seed)[0] / gauss(1, seed + 1)[0];
        return Math.min(1000, Math.max(-1000, Math.floor(100 * 100 * ratio + 0.5) / 100));
    }

    /** An orthonormal matrix: a Gaussian matrix from the seed, its columns Gram–Schmidt orthonormalised. */
    static double[][] rotation(long seed, int dim) {
        double[] g = gauss(dim * dim, seed);
        double[][] b = new double[dim][dim];
        for (int i = 0; i < dim; i++) {
            for (int j = 0; j < dim; j++) {
                b[i][j] = g[j + i * dim];
            }
        }
        for (int i = 0; i < dim; i++) {
            for (int j = 0; j < i; j++) {
                double prod = 0;
                for (int k = 0; k < dim; k++) {
                    prod += b[k][i] * b[k][j];
                }
                for (int k = 0; k < dim; k++) {
                    b[k][i] -= prod * b[k][j];
                }
            }
            double norm = 0;
            for (int k = 0; k < dim; k++) {
                norm += b[k][i] * b[k][i];
            }
            norm = Math.sqrt(norm);
            for (int k = 0; k < dim; k++) {
                b[k][i] /= norm;
            }
        }
        return b;
    }
}
