package io.jtune.engine.search.gp;

/**
 * The fitted hyperparameters of the GP on standardised losses, and their log form the optimiser
 * searches ({@code [log l_1 .. log l_d, log signal variance, log noise variance]}) with its bounds.
 */
public record GpHyperparameters(double[] lengthScales, double signalVariance, double noiseVariance) implements Kernel {
    static final double MIN_LENGTH_SCALE = 0.01;
    static final double MAX_LENGTH_SCALE = 20;
    static final double MIN_SIGNAL = 0.05;
    static final double MAX_SIGNAL = 20;
    static final double MIN_NOISE = 1e-6;
    static final double MAX_NOISE = 0.5;

    /** A neutral start: length scale 0.5 per feature, unit signal, small noise. */
    public static GpHyperparameters initial(int features) {
        double[] ls = new double[features];
        java.util.Arrays.fill(ls, 0.5);
        return new GpHyperparameters(ls, 1.0, 1e-3);
    }

    /** The Matérn-5/2 covariance under these length scales and signal variance. */
    @Override
    public double covariance(double[] a, double[] b) {
        return Matern52.covariance(a, b, lengthScales, signalVariance);
    }

    /**
     * The points stored feature by feature and divided by their length scales, so a row of
     * covariances is one vectorisable pass per feature and one for the kernel; each value is
     * {@link #covariance}'s, bit for bit (the same operations in the same order).
     */
    @Override
    public CovarianceRows rowsAgainst(double[][] points) {
        int features = lengthScales.length;
        double[][] columns = new double[features][points.length];
        for (int f = 0; f < features; f++) {
            for (int i = 0; i < points.length; i++) {
                columns[f][i] = points[i][f] / lengthScales[f];
            }
        }
        return (z, count, out) -> {
            java.util.Arrays.fill(out, 0, count, 0);
            for (int f = 0; f < features; f++) {
                double zf = z[f] / lengthScales[f];
                double[] column = columns[f];
                for (int i = 0; i < count; i++) {
                    double d = zf - column[i];
                    out[i] = Math.fma(d, d, out[i]);
                }
            }
            for (int i = 0; i < count; i++) {
                double r = Math.sqrt(out[i]);
                out[i] = signalVariance * (Matern52.polynomial(r) * Matern52.decay(r));
            }
        };
    }

    double[] toLog() {
        double[] t = new double[lengthScales.length + 2];
        for (int i = 0; i < lengthScales.length; i++) {
            t[i] = Math.log(lengthScales[i]);
        }
        t[lengthScales.length] = Math.log(signalVariance);
        t[lengthScales.length + 1] = Math.log(noiseVariance);
        return t;
    }

    static GpHyperparameters fromLog(double[] t) {
        int d = t.length - 2;
        double[] ls = new double[d];
        for (int i = 0; i < d; i++) {
            ls[i] = Math.exp(t[i]);
        }
        return new GpHyperparameters(ls, Math.exp(t[d]), Math.exp(t[d + 1]));
    }

    static double[] lowerLog(int features) {
        return bounds(features, MIN_LENGTH_SCALE, MIN_SIGNAL, MIN_NOISE);
    }

    static double[] upperLog(int features) {
        return bounds(features, MAX_LENGTH_SCALE, MAX_SIGNAL, MAX_NOISE);
    }

    private static double[] bounds(int features, double lengthScale, double signal, double noise) {
        double[] b = new double[features + 2];
        java.util.Arrays.fill(b, 0, features, Math.log(lengthScale));
        b[features] = Math.log(signal);
        b[features + 1] = Math.log(noise);
        return b;
    }
}
