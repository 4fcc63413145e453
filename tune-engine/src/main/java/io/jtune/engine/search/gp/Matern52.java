package io.jtune.engine.search.gp;

/**
 * The Matérn-5/2 covariance with one length scale per feature (ARD):
 * {@code k(a, b) = s2 (1 + sqrt5 r + 5/3 r^2) exp(-sqrt5 r)}, {@code r^2 = sum ((a_i - b_i)/l_i)^2}.
 */
public final class Matern52 {
    private static final double SQRT5 = Math.sqrt(5);
    /** The smallest exponent {@link #decay} takes. */
    static final double DECAY_FLOOR = -64;
    /** {@link #decay}'s relative error bound (measured: 6.4e-14). */
    static final double DECAY_ERROR = 1e-13;

    private Matern52() {
    }

    /** The correlation (unit signal variance) at scaled distance r: {@code polynomial(r) * decay(r)}. */
    public static double correlation(double r) {
        return polynomial(r) * decay(r);
    }

    /** {@code 1 + sqrt5 r + 5/3 r^2}. */
    static double polynomial(double r) {
        return 1 + SQRT5 * r + 5.0 / 3.0 * r * r;
    }

    /**
     * {@code exp(-sqrt5 r)} within {@value #DECAY_ERROR} of it, relative, down to {@code exp(-64)}
     * (about 1.6e-28), where it stays for larger {@code r}: exp's series to degree 11 on a 256th of
     * the argument, squared eight times. Made of multiplications and fused multiply-adds only, a
     * loop of it is vectorised by the JIT, where {@link Math#exp} is a call a value (about six
     * times the cost).
     */
    static double decay(double r) {
        double y = Math.max(-SQRT5 * r, DECAY_FLOOR) * (1.0 / 256);
        double p = 1.0 / 39916800;
        p = Math.fma(p, y, 1.0 / 3628800);
        p = Math.fma(p, y, 1.0 / 362880);
        p = Math.fma(p, y, 1.0 / 40320);
        p = Math.fma(p, y, 1.0 / 5040);
        p = Math.fma(p, y, 1.0 / 720);
        p = Math.fma(p, y, 1.0 / 120);
        p = Math.fma(p, y, 1.0 / 24);
        p = Math.fma(p, y, 1.0 / 6);
        p = Math.fma(p, y, 0.5);
        p = Math.fma(p, y, 1.0);
        p = Math.fma(p, y, 1.0);
        p *= p;
        p *= p;
        p *= p;
        p *= p;
        p *= p;
        p *= p;
        p *= p;
        return p * p;
    }

    /**
     * The covariance of two feature vectors; the scaled distance adds {@code (a_i / l_i - b_i / l_i)^2}
     * in feature order with fused multiply-adds, as {@link GpHyperparameters#rowsAgainst} does.
     */
    public static double covariance(double[] a, double[] b, double[] lengthScales, double signalVariance) {
        double r2 = 0;
        for (int i = 0; i < a.length; i++) {
            double d = a[i] / lengthScales[i] - b[i] / lengthScales[i];
            r2 = Math.fma(d, d, r2);
        }
        return signalVariance * correlation(Math.sqrt(r2));
    }
}
