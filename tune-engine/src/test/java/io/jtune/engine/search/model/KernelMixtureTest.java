package io.jtune.engine.search.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jtune.api.space.SearchSpace;
import io.jtune.api.space.Space;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

/** Mixture densities against the Parzen formula worked out term by term. */
class KernelMixtureTest {
    private final List<Dimension> dims = SpaceEncoding.of(SearchSpace.builder()
            .uniform("a", 0, 1)
            .add("c", Space.choice("x", "y", "z"))
            .add("k", Space.randint(0, 4))
            .build(), "test").dimensions();

    /** Density of N(mu, sigma) truncated to [0, 1] at x. */
    private static double truncated(double x, double mu, double sigma) {
        NormalDistribution n = new NormalDistribution(mu, sigma);
        return n.density(x) / (n.cumulativeProbability(1) - n.cumulativeProbability(0));
    }

    private KernelMixture twoComponents() {
        double[][] mu = {{0.2, 0.5}, null, {0.5, 0.125}};
        double[][] sigma = {{0.1, 1.0}, null, {0.25, 0.5}};
        double[][][] probs = {null, {{0.5, 0.25, 0.25}, {1.0 / 3, 1.0 / 3, 1.0 / 3}}, null};
        return new KernelMixture(dims, new double[]{3, 1}, mu, sigma, probs);
    }

    @Test
    void perDimensionDensitiesAreWeightedSumsOfTruncatedKernels() {
        double[][] x = {{0.25, 1, 0.375}};
        double[][] log = twoComponents().logDensityPerDimension(x);
        double a = 0.75 * truncated(0.25, 0.2, 0.1) + 0.25 * truncated(0.25, 0.5, 1.0);
        assertEquals(Math.log(a), log[0][0], 1e-7);
        double c = 0.75 * 0.25 + 0.25 / 3;
        assertEquals(Math.log(c), log[0][1], 1e-12);
        // integer k in 0..3 is the unit range [-0.5, 3.5] / 4: value 1 sits at 0.375, its step is [0.25, 0.5]
        NormalDistribution n0 = new NormalDistribution(0.5, 0.25);
        NormalDistribution n1 = new NormalDistribution(0.125, 0.5);
        double k = 0.75 * n0.probability(0.25, 0.5) / n0.probability(0, 1) + 0.25 * n1.probability(0.25, 0.5) / n1.probability(0, 1);
        assertEquals(Math.log(k), log[0][2], 1e-6);
    }

    @Test
    void jointDensityMultipliesEachComponentsKernels() {
        double[][] x = {{0.25, 0, 0.375}};
        NormalDistribution n0 = new NormalDistribution(0.5, 0.25);
        NormalDistribution n1 = new NormalDistribution(0.125, 0.5);
        double first = 0.75 * truncated(0.25, 0.2, 0.1) * 0.5 * n0.probability(0.25, 0.5) / n0.probability(0, 1);
        double second = 0.25 * truncated(0.25, 0.5, 1.0) / 3 * n1.probability(0.25, 0.5) / n1.probability(0, 1);
        assertEquals(Math.log(first + second), twoComponents().logDensityJoint(x)[0], 1e-6);
    }

    @Test
    void farKernelsAreNegligibleAndFarPointsScoredExactly() {
        KernelMixture m = new KernelMixture(dims.subList(0, 1), new double[]{1, 1}, new double[][]{{0.1, 0.9}}, new double[][]{{0.01, 0.01}}, new double[1][][]);
        double[][] x = {{0.1}, {0.5}};
        double[][] log = m.logDensityPerDimension(x);
        assertEquals(Math.log(0.5 * new NormalDistribution(0.1, 0.01).density(0.1)), log[0][0], 1e-9);
        // 40 bandwidths from both kernels: the exact log density, not a floor
        assertEquals(-0.5 * 40 * 40 - Math.log(0.01) - Normal.LOG_SQRT_2PI, log[1][0], 1e-9);
    }

    @Test
    void manyKernelsOfOneWidthSumAsTheDirectFormulaSays() {
        // 600 kernels of width 0.01 (summed by the Gauss transform) and 20 wider ones, near the bounds too
        SplittableRandom rng = new SplittableRandom(4);
        int k = 620;
        double[] w = new double[k];
        double[][] mu = {new double[k]};
        double[][] sigma = {new double[k]};
        for (int i = 0; i < k; i++) {
            w[i] = 0.5 + rng.nextDouble();
            mu[0][i] = i < 300 ? 0.3 + 0.05 * rng.nextGaussian() : rng.nextDouble();
            mu[0][i] = Math.max(0, Math.min(1, mu[0][i]));
            sigma[0][i] = i < 600 ? 0.01 : 0.02 + 0.2 * rng.nextDouble();
        }
        KernelMixture m = new KernelMixture(dims.subList(0, 1), w, mu, sigma, new double[1][][]);
        double total = java.util.Arrays.stream(w).sum();
        double[][] xs = new double[40][1];
        for (int i = 0; i < xs.length; i++) {
            xs[i][0] = i < 20 ? 0.3 + 0.03 * rng.nextGaussian() : rng.nextDouble();
        }
        double[][] log = m.logDensityPerDimension(xs);
        for (int i = 0; i < xs.length; i++) {
            double direct = 0;
            for (int c = 0; c < k; c++) {
                direct += w[c] / total * truncated(xs[i][0], mu[0][c], sigma[0][c]);
            }
            assertEquals(Math.log(direct), log[i][0], 5e-7, "at " + xs[i][0]); // truncation by the erfc fit: ~1e-7
        }
    }

    @Test
    void samplesFollowTheComponentWeights() {
        KernelMixture m = twoComponents();
        double[][] s = m.sample(new SplittableRandom(9), 4000, true);
        int firstCategory = 0;
        for (double[] v : s) {
            firstCategory += v[1] == 0 ? 1 : 0;
        }
        // P(category x) = 0.75 * 0.5 + 0.25 / 3
        assertEquals(0.75 * 0.5 + 0.25 / 3, firstCategory / 4000.0, 0.025);
    }
}
