package io.jtune.engine.search.gp;

/** A GP covariance function over feature vectors. */
public interface Kernel {

    /** The covariance of two feature vectors. */
    double covariance(double[] a, double[] b);

    /** The prior variance at any point, {@code covariance(a, a)}. */
    double signalVariance();
}
