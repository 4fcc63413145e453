package io.jtune.engine.search.gp;

/**
 * PB2's time-varying squared-exponential kernel (Parker-Holder et al. 2020, as Ray Tune's
 * {@code TV_SquaredExp}): the first feature is time, the rest are compared by a squared
 * exponential, and correlation decays with the time between two points:
 * {@code k(a, b) = variance exp(-|a' - b'|^2 / lengthScale) (1 - epsilon)^(|a_0 - b_0| / 2)},
 * with {@code a'} the features after time and epsilon at most 0.5.
 */
public record TimeVaryingSquaredExp(double variance, double lengthScale, double epsilon) implements Kernel {
    /** The largest epsilon (Ray caps it so correlation never vanishes within one step). */
    public static final double MAX_EPSILON = 0.5;

    @Override
    public double covariance(double[] a, double[] b) {
        double d2 = 0;
        for (int i = 1; i < a.length; i++) {
            double d = a[i] - b[i];
            d2 += d * d;
        }
        double time = Math.pow(1 - Math.min(epsilon, MAX_EPSILON), 0.5 * Math.abs(a[0] - b[0]));
        return variance * Math.exp(-d2 / lengthScale) * time;
    }

    @Override
    public double signalVariance() {
        return variance;
    }
}
