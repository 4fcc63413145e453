package io.jtune.engine.search.gp;

/**
 * The Matérn-5/2 covariance with one length scale per feature (ARD):
 * {@code k(a, b) = s2 (1 + sqrt5 r + 5/3 r^2) exp(-sqrt5 r)}, {@code r^2 = sum ((a_i - b_i)/l_i)^2}.
 */
public final class Matern52 {
    private static final double SQRT5 = Math.sqrt(5);

    private Matern52() {
    }

    /** The correlation (unit signal variance) at scaled distance r. */
    public static double correlation(double r) {
        return (1 + SQRT5 * r + 5.0 / 3.0 * r * r) * Math.exp(-SQRT5 * r);
    }

    /** The covariance of two feature vectors. */
    public static double covariance(double[] a, double[] b, double[] lengthScales, double signalVariance) {
        double r2 = 0;
        for (int i = 0; i < a.length; i++) {
            double d = (a[i] - b[i]) / lengthScales[i];
            r2 += d * d;
        }
        return signalVariance * correlation(Math.sqrt(r2));
    }
}
