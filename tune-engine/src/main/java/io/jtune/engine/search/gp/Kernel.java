package io.jtune.engine.search.gp;

/** A GP covariance function over feature vectors. */
public interface Kernel {

    /** The covariance of two feature vectors. */
    double covariance(double[] a, double[] b);

    /** The prior variance at any point, {@code covariance(a, a)}. */
    double signalVariance();

    /**
     * The covariances of any point with fixed {@code points}, for a GP that asks for them with every
     * prediction; a kernel may prepare the points once to answer faster than one {@link #covariance}
     * per point (equal up to rounding).
     */
    default CovarianceRows rowsAgainst(double[][] points) {
        return (z, count, out) -> {
            for (int i = 0; i < count; i++) {
                out[i] = covariance(z, points[i]);
            }
        };
    }

    /** The covariances of a point with the fixed points of {@link Kernel#rowsAgainst}. */
    @FunctionalInterface
    interface CovarianceRows {
        /** Writes the covariance of {@code z} with fixed point {@code i} into {@code out[i]}, for the first {@code count} points. */
        void covariances(double[] z, int count, double[] out);
    }
}
