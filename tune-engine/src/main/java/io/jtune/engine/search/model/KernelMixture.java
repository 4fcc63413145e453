package io.jtune.engine.search.model;

import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A weighted mixture of product kernels over encoded vectors, the density model of TPE and BOHB.
 * Numeric coordinates get a normal kernel truncated to [0, 1] (for a linear stepped dimension the
 * probability of the value's step, as Optuna does); categorical ones a probability per category.
 * Density is evaluated per dimension (independent mixtures sharing the weights, TPE's univariate
 * mode) or jointly (one component explains every coordinate). A mixture made with
 * {@code normalized = false} scores continuous coordinates with kernels of height
 * {@code 1/sqrt(2 pi)} times the truncation's inverse whatever their bandwidth, as Optuna 3.1's TPE does
 * (its truncated-normal log density omits {@code -log sigma}): a wide kernel then weighs its width
 * times more than a true density would; the result is a score, not a density.
 */
public final class KernelMixture {
    /** Kernels farther than this many bandwidths from a point add less than e^-40.5 of their peak and are skipped. */
    private static final double CUTOFF_SIGMAS = 9;
    /**
     * A point whose summed density is below this many times the most the skipped kernels could add
     * is scored exactly instead (every kernel, in log space), so the skipped kernels never move a
     * log density by more than 1e-10 and a point far from every kernel keeps its true, finite score.
     */
    private static final double EXACT_BELOW_SKIPPED = 1e10;
    /** Floor of a density, so a logarithm stays finite. */
    private static final double MIN_DENSITY = 1e-300;
    /** Kernels of one width worth summing by a Gauss transform rather than one by one. */
    private static final int TRANSFORM_MIN_KERNELS = 128;
    private static final double SQRT_2PI = Math.sqrt(2 * Math.PI);

    private final List<Dimension> dims;
    private final double[] weights;
    private final double[] cumulative;
    private final double[][] mu;
    private final double[][] sigma;
    private final double[][] truncation;
    private final double[][][] probs;
    /** Per numeric dimension, the components in ascending order of centre (computed when first needed). */
    private final int[][] byCentre;
    /** Continuous kernels integrate to 1; else their height ignores the bandwidth (Optuna 3.1's TPE). */
    private final boolean normalized;

    /**
     * @param dims    the dimensions, in vector order
     * @param weights component weights (normalised here)
     * @param mu      per numeric dimension, each component's centre ([dim][component]; null rows for categorical dimensions)
     * @param sigma   per numeric dimension, each component's bandwidth (same shape)
     * @param probs   per categorical dimension, each component's category probabilities ([dim][component][category]; null rows for numeric dimensions)
     */
    public KernelMixture(List<Dimension> dims, double[] weights, double[][] mu, double[][] sigma, double[][][] probs) {
        this(dims, weights, mu, sigma, probs, new int[dims.size()][], true);
    }

    /**
     * As {@link #KernelMixture(List, double[], double[][], double[][], double[][][])}, with the
     * components of each numeric dimension already sorted by centre ({@link #argsort}), as the
     * caller may have them; a null row is sorted here when needed; {@code normalized} false gives
     * continuous kernels Optuna 3.1's bandwidth-free height.
     */
    public KernelMixture(List<Dimension> dims, double[] weights, double[][] mu, double[][] sigma, double[][][] probs, int[][] byCentre,
                         boolean normalized) {
        this.dims = dims;
        double total = 0;
        for (double w : weights) {
            total += w;
        }
        this.weights = new double[weights.length];
        this.cumulative = new double[weights.length];
        double acc = 0;
        for (int k = 0; k < weights.length; k++) {
            this.weights[k] = weights[k] / total;
            acc += this.weights[k];
            cumulative[k] = acc;
        }
        this.mu = mu;
        this.sigma = sigma;
        this.probs = probs;
        this.byCentre = byCentre.clone();
        this.normalized = normalized;
        this.truncation = new double[dims.size()][];
        for (int j = 0; j < dims.size(); j++) {
            if (!dims.get(j).isCategorical()) {
                truncation[j] = new double[weights.length];
                for (int k = 0; k < weights.length; k++) {
                    double m = mu[j][k];
                    double s = sigma[j][k];
                    boolean lowInside = m - CUTOFF_SIGMAS * s >= 0;
                    boolean highInside = m + CUTOFF_SIGMAS * s <= 1;
                    truncation[j][k] = lowInside && highInside ? 1
                            : lowInside ? 1 - Normal.upperTail((1 - m) / s)
                            : highInside ? 1 - Normal.upperTail(m / s)
                            : Normal.mass(-m / s, (1 - m) / s);
                }
            }
        }
    }

    public int components() {
        return weights.length;
    }

    /** Normalised component weights. */
    public double[] weights() {
        return weights.clone();
    }

    /** Centres of numeric dimension {@code j}'s components, in component order (unit coordinates). */
    public double[] centres(int j) {
        return mu[j].clone();
    }

    /** Bandwidths of numeric dimension {@code j}'s components, in component order (unit coordinates). */
    public double[] bandwidths(int j) {
        return sigma[j].clone();
    }

    /** Category probabilities of categorical dimension {@code j}'s components: [component][category]. */
    public double[][] categoryProbabilities(int j) {
        return Arrays.stream(probs[j]).map(double[]::clone).toArray(double[][]::new);
    }

    /**
     * {@code count} vectors drawn from the mixture: with {@code joint} one component per vector,
     * otherwise one per coordinate (independent per-dimension mixtures).
     */
    public double[][] sample(RandomGenerator rng, int count, boolean joint) {
        double[][] out = new double[count][dims.size()];
        for (int i = 0; i < count; i++) {
            int shared = joint ? pick(rng) : -1;
            for (int j = 0; j < dims.size(); j++) {
                int k = joint ? shared : pick(rng);
                out[i][j] = dims.get(j).isCategorical()
                        ? sampleCategory(rng, probs[j][k])
                        : Normal.sampleTruncated(rng, mu[j][k], sigma[j][k], 0, 1);
            }
        }
        return out;
    }

    private int pick(RandomGenerator rng) {
        int k = Arrays.binarySearch(cumulative, rng.nextDouble());
        return Math.min(weights.length - 1, k >= 0 ? k : -k - 1);
    }

    private static int sampleCategory(RandomGenerator rng, double[] p) {
        double u = rng.nextDouble();
        double acc = 0;
        for (int c = 0; c < p.length; c++) {
            acc += p[c];
            if (u < acc) {
                return c;
            }
        }
        return p.length - 1;
    }

    /** The log density of each coordinate of each vector under its dimension's own mixture: [vector][dimension]. */
    public double[][] logDensityPerDimension(double[][] xs) {
        double[][] out = new double[xs.length][dims.size()];
        double[] density = new double[xs.length];
        for (int j = 0; j < dims.size(); j++) {
            if (dims.get(j).isCategorical()) {
                categoricalDensity(j, xs, density);
            } else {
                numericDensity(j, xs, density);
            }
            double exactBelow = dims.get(j).isCategorical() ? 0 : EXACT_BELOW_SKIPPED * skippedBound(j);
            for (int i = 0; i < xs.length; i++) {
                out[i][j] = density[i] >= exactBelow ? Math.log(Math.max(MIN_DENSITY, density[i])) : exactLogDensity(j, xs[i][j]);
            }
        }
        return out;
    }

    /** The most the kernels of numeric dimension j beyond {@link #CUTOFF_SIGMAS} widths can add to a density. */
    private double skippedBound(int j) {
        boolean continuous = dims.get(j).unitStep() == 0;
        double sum = 0;
        for (int k = 0; k < weights.length; k++) {
            double height = continuous ? (normalized ? 1 / sigma[j][k] : 1) / SQRT_2PI : 1;
            sum += weights[k] * height / truncation[j][k];
        }
        return sum * Math.exp(-0.5 * CUTOFF_SIGMAS * CUTOFF_SIGMAS);
    }

    /** log of dimension j's mixture density at x, summing every kernel in log space. */
    private double exactLogDensity(int j, double x) {
        double max = Double.NEGATIVE_INFINITY;
        double[] terms = new double[weights.length];
        for (int k = 0; k < weights.length; k++) {
            terms[k] = Math.log(weights[k]) + logKernel(j, k, x);
            max = Math.max(max, terms[k]);
        }
        return max + logSumExpShifted(terms, max);
    }

    private static double logSumExpShifted(double[] terms, double max) {
        if (max == Double.NEGATIVE_INFINITY) {
            return 0;
        }
        double sum = 0;
        for (double t : terms) {
            sum += Math.exp(t - max);
        }
        return Math.log(sum);
    }

    private void categoricalDensity(int j, double[][] xs, double[] density) {
        double[] marginal = new double[dims.get(j).size()];
        for (int k = 0; k < weights.length; k++) {
            for (int c = 0; c < marginal.length; c++) {
                marginal[c] += weights[k] * probs[j][k][c];
            }
        }
        for (int i = 0; i < xs.length; i++) {
            density[i] = marginal[dims.get(j).categoryIndex(xs[i][j])];
        }
    }

    /**
     * Component by component in order of centre, over the points sorted by coordinate: each
     * kernel touches only the points within its reach, found by moving a pointer (the reaches
     * of neighbouring components differ little, so it moves a few steps each time).
     */
    private void numericDensity(int j, double[][] xs, double[] density) {
        int n = xs.length;
        double[] sorted = new double[n];
        for (int i = 0; i < n; i++) {
            sorted[i] = xs[i][j];
        }
        int[] points = argsort(sorted);
        for (int i = 0; i < n; i++) {
            sorted[i] = xs[points[i]][j];
        }
        if (byCentre[j] == null) {
            byCentre[j] = argsort(mu[j]);
        }
        double[] acc = new double[n];
        double half = dims.get(j).unitStep() / 2;
        double narrowest = half > 0 ? Double.NaN : narrowestShared(j);
        if (!Double.isNaN(narrowest)) {
            GaussTransform transform = narrowKernels(j, narrowest);
            for (int i = 0; i < n; i++) {
                acc[i] = transform.at(sorted[i]);
            }
        }
        int from = 0;
        for (int k : byCentre[j]) {
            double m = mu[j][k];
            double s = sigma[j][k];
            if (s == narrowest) {
                continue;
            }
            double reach = CUTOFF_SIGMAS * s + half;
            double lo = m - reach;
            while (from > 0 && sorted[from - 1] >= lo) {
                from--;
            }
            while (from < n && sorted[from] < lo) {
                from++;
            }
            double scale = weights[k] / truncation[j][k];
            if (half > 0) {
                for (int i = from; i < n && sorted[i] <= m + reach; i++) {
                    acc[i] += scale * kernel(sorted[i], m, s, half);
                }
            } else {
                double inv = 1 / s;
                double peak = scale * (normalized ? inv : 1) / SQRT_2PI;
                for (int i = from; i < n && sorted[i] <= m + reach; i++) {
                    double z = (sorted[i] - m) * inv;
                    acc[i] += peak * Normal.expNeg(0.5 * z * z);
                }
            }
        }
        for (int i = 0; i < n; i++) {
            density[points[i]] = acc[i];
        }
    }

    /**
     * The smallest width of dimension j when at least {@link #TRANSFORM_MIN_KERNELS} kernels share
     * it (TPE's clipped widths in dense regions), else NaN: those kernels are summed by a
     * {@link GaussTransform}.
     */
    private double narrowestShared(int j) {
        double min = Double.POSITIVE_INFINITY;
        for (double s : sigma[j]) {
            min = Math.min(min, s);
        }
        int count = 0;
        for (double s : sigma[j]) {
            count += s == min ? 1 : 0;
        }
        return count >= TRANSFORM_MIN_KERNELS ? min : Double.NaN;
    }

    private GaussTransform narrowKernels(int j, double width) {
        int[] members = new int[weights.length];
        int count = 0;
        double[] amplitude = new double[weights.length];
        for (int k = 0; k < weights.length; k++) {
            if (sigma[j][k] == width) {
                members[count++] = k;
                amplitude[k] = weights[k] / (truncation[j][k] * (normalized ? width : 1) * SQRT_2PI);
            }
        }
        return new GaussTransform(width, mu[j], amplitude, Arrays.copyOf(members, count), CUTOFF_SIGMAS);
    }

    /**
     * Indices of coordinates in ascending order, by one primitive sort of keys packing the
     * coordinate (clamped to [0, 1], to 2^-40) above the index (up to 2^20 entries).
     */
    public static int[] argsort(double[] unit) {
        long[] keys = new long[unit.length];
        for (int i = 0; i < unit.length; i++) {
            keys[i] = (long) (Math.max(0, Math.min(1, unit[i])) * (1L << 40)) << 20 | i;
        }
        Arrays.sort(keys);
        int[] order = new int[unit.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = (int) (keys[i] & ((1 << 20) - 1));
        }
        return order;
    }

    /** Untruncated kernel: density at x, or for a stepped dimension the probability of [x - half, x + half]. */
    private static double kernel(double x, double m, double s, double half) {
        if (half > 0) {
            return Normal.mass((Math.max(0, x - half) - m) / s, (Math.min(1, x + half) - m) / s);
        }
        double z = (x - m) / s;
        return Math.exp(-0.5 * z * z - Normal.LOG_SQRT_2PI) / s;
    }

    /** The log density of each vector under the joint mixture (one component explains all its coordinates). */
    public double[] logDensityJoint(double[][] xs) {
        double[] out = new double[xs.length];
        double[] terms = new double[weights.length];
        for (int i = 0; i < xs.length; i++) {
            double max = Double.NEGATIVE_INFINITY;
            for (int k = 0; k < weights.length; k++) {
                double t = Math.log(weights[k]);
                for (int j = 0; j < dims.size() && t > Double.NEGATIVE_INFINITY; j++) {
                    t += logKernel(j, k, xs[i][j]);
                }
                terms[k] = t;
                max = Math.max(max, t);
            }
            double sum = 0;
            for (int k = 0; k < weights.length && max > Double.NEGATIVE_INFINITY; k++) {
                sum += Math.exp(terms[k] - max);
            }
            out[i] = max == Double.NEGATIVE_INFINITY ? Math.log(MIN_DENSITY) : Math.max(Math.log(MIN_DENSITY), max + Math.log(sum));
        }
        return out;
    }

    private double logKernel(int j, int k, double x) {
        Dimension d = dims.get(j);
        if (d.isCategorical()) {
            return Math.log(probs[j][k][d.categoryIndex(x)]);
        }
        double m = mu[j][k];
        double s = sigma[j][k];
        double half = d.unitStep() / 2;
        if (half > 0) {
            return Math.log(kernel(x, m, s, half) / truncation[j][k]);
        }
        double z = (x - m) / s;
        return -0.5 * z * z - Normal.LOG_SQRT_2PI - Math.log((normalized ? s : 1) * truncation[j][k]);
    }
}
