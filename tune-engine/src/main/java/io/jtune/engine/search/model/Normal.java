package io.jtune.engine.search.model;

import java.util.random.RandomGenerator;
import org.apache.commons.math3.special.Erf;

/**
 * The standard normal distribution's functions the models need, and truncated normal draws. Tail
 * probabilities come from {@link #erfc}, accurate to about 1e-15 relative everywhere (tails
 * included) and as fast as a single {@link Math#exp}, so every kernel of a model can use it.
 */
public final class Normal {
    /** log(sqrt(2 pi)). */
    public static final double LOG_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);
    private static final double SQRT2 = Math.sqrt(2);
    private static final int MAX_REJECTIONS = 100;

    private Normal() {
    }

    private static final int EXP_FINE = 1024;
    private static final int EXP_FINE_PER_COARSE = 64;
    private static final double EXP_LIMIT = 48;
    private static final double[] EXP_COARSE = new double[(int) (EXP_LIMIT * EXP_FINE / EXP_FINE_PER_COARSE) + 1];
    private static final double[] EXP_FINE_STEPS = new double[EXP_FINE_PER_COARSE];

    static {
        for (int i = 0; i < EXP_COARSE.length; i++) {
            EXP_COARSE[i] = Math.exp(-(double) i * EXP_FINE_PER_COARSE / EXP_FINE);
        }
        for (int i = 0; i < EXP_FINE_STEPS.length; i++) {
            EXP_FINE_STEPS[i] = Math.exp(-(double) i / EXP_FINE);
        }
    }

    /**
     * exp(-t) for {@code 0 <= t <= 48} from two small tables and a cubic in the remainder below 1/1024
     * (relative error below 1e-13); several times faster than {@link Math#exp} in kernel sums.
     */
    public static double expNeg(double t) {
        int k = (int) (t * EXP_FINE);
        double r = t - (double) k / EXP_FINE;
        return EXP_COARSE[k / EXP_FINE_PER_COARSE] * EXP_FINE_STEPS[k % EXP_FINE_PER_COARSE] * (1 - r * (1 - r * (0.5 - r / 6)));
    }

    /** Density of N(0, 1) at z. */
    public static double pdf(double z) {
        return Math.exp(-0.5 * z * z - LOG_SQRT_2PI);
    }

    /** Distribution function of N(0, 1) at z. */
    public static double cdf(double z) {
        return upperTail(-z);
    }

    /** P(Z > z) for Z ~ N(0, 1), with small relative error also far in the tail. */
    public static double upperTail(double z) {
        return 0.5 * erfc(z / SQRT2);
    }

    /** {@code P(a < Z < b)} for Z ~ N(0, 1), computed from the tail on the side of the interval so it stays accurate there. */
    public static double mass(double a, double b) {
        if (a >= 0) {
            return Math.max(0, upperTail(a) - upperTail(b));
        }
        if (b <= 0) {
            return Math.max(0, upperTail(-b) - upperTail(-a));
        }
        return 1 - upperTail(-a) - upperTail(b);
    }

    /**
     * The complementary error function: {@code exp(-x^2)} times a piecewise Chebyshev interpolant
     * of the smooth {@code exp(x^2) erfc(x)} on [0, {@value #ERFC_END}) (above it erfc underflows
     * to 0), whose nodes are computed once from Commons Math's continued fraction; relative error
     * about 1e-15.
     */
    public static double erfc(double x) {
        if (x < 0) {
            return 2 - erfc(-x);
        }
        if (!(x < ERFC_END)) {
            return x == x ? 0 : Double.NaN;
        }
        int piece = (int) (x * ERFC_PIECES_PER_UNIT);
        double t = 2 * (x * ERFC_PIECES_PER_UNIT - piece) - 1;
        double[] c = ERFC_SCALED[piece];
        double b1 = 0;
        double b2 = 0;
        for (int j = ERFC_DEGREE - 1; j >= 1; j--) {
            double b0 = 2 * t * b1 - b2 + c[j];
            b2 = b1;
            b1 = b0;
        }
        return Math.exp(-x * x) * (t * b1 - b2 + 0.5 * c[0]);
    }

    private static final double ERFC_END = 27;
    private static final int ERFC_PIECES_PER_UNIT = 4;
    private static final int ERFC_DEGREE = 16;
    /** Per piece of width 1/{@value #ERFC_PIECES_PER_UNIT}, the Chebyshev coefficients of exp(x^2) erfc(x). */
    private static final double[][] ERFC_SCALED = scaledErfcPieces();

    private static double[][] scaledErfcPieces() {
        double[][] pieces = new double[(int) (ERFC_END * ERFC_PIECES_PER_UNIT)][ERFC_DEGREE];
        double[] values = new double[ERFC_DEGREE];
        for (int p = 0; p < pieces.length; p++) {
            for (int k = 0; k < ERFC_DEGREE; k++) {
                double t = Math.cos(Math.PI * (k + 0.5) / ERFC_DEGREE);
                double x = (p + (t + 1) / 2) / ERFC_PIECES_PER_UNIT;
                values[k] = Erf.erfc(x) * Math.exp(x * x);
            }
            for (int j = 0; j < ERFC_DEGREE; j++) {
                double sum = 0;
                for (int k = 0; k < ERFC_DEGREE; k++) {
                    sum += values[k] * Math.cos(Math.PI * j * (k + 0.5) / ERFC_DEGREE);
                }
                pieces[p][j] = 2 * sum / ERFC_DEGREE;
            }
        }
        return pieces;
    }

    /**
     * A draw of N(mu, sigma) truncated to [lo, hi], by rejection; after many rejections (the
     * interval holding almost no mass) the untruncated draw clamped to the interval.
     */
    public static double sampleTruncated(RandomGenerator rng, double mu, double sigma, double lo, double hi) {
        double v = mu;
        for (int i = 0; i < MAX_REJECTIONS; i++) {
            v = mu + sigma * rng.nextGaussian();
            if (v >= lo && v <= hi) {
                return v;
            }
        }
        return Math.max(lo, Math.min(hi, v));
    }
}
