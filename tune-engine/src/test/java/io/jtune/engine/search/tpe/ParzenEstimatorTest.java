package io.jtune.engine.search.tpe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jtune.api.space.SearchSpace;
import io.jtune.engine.search.model.Dimension;
import io.jtune.engine.search.model.KernelMixture;
import io.jtune.engine.search.model.Observation;
import io.jtune.engine.search.model.SpaceEncoding;
import java.util.List;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

/** Optuna's Parzen estimator rules, checked on small cases worked out by hand. */
class ParzenEstimatorTest {
    private final List<Dimension> uniform = SpaceEncoding.of(SearchSpace.builder().uniform("a", 0, 1).build(), "t").dimensions();

    @Test
    void neighbourWidthsWithoutEndpoints() {
        // centres 0.2, 0.3, 0.9 and the prior 0.5, sorted 0.2 0.3 0.5 0.9 between bounds 0 and 1:
        // larger neighbour gap: 0.2 -> 0.2, 0.3 -> 0.2, 0.5 -> 0.4, 0.9 -> 0.4; without endpoints
        // the outermost take the inner gap: 0.2 -> 0.1, 0.9 -> 0.4
        assertArrayEquals(new double[]{0.1, 0.2, 0.4, 0.4}, ParzenEstimator.neighbourSigmas(new double[]{0.2, 0.3, 0.9, 0.5}, false), 1e-12);
        assertArrayEquals(new double[]{0.2, 0.2, 0.4, 0.4}, ParzenEstimator.neighbourSigmas(new double[]{0.2, 0.3, 0.9, 0.5}, true), 1e-12);
    }

    @Test
    void densityOfThreeObservationsAndThePrior() {
        List<double[]> xs = List.of(new double[]{0.2}, new double[]{0.3}, new double[]{0.9});
        KernelMixture normalized = ParzenEstimator.build(uniform, xs, TpeSettings.trueDensities());
        KernelMixture optuna31 = ParzenEstimator.build(uniform, xs, TpeSettings.defaults());
        // widths 0.1, 0.2, 0.4 clipped below at 1/min(100, 3 + 2) = 0.2; the prior N(0.5, 1); all weights 1/4
        double[] mu = {0.2, 0.3, 0.9, 0.5};
        double[] sigma = {0.2, 0.2, 0.4, 1.0};
        double x = 0.25;
        double density = 0;
        double optunaScore = 0;
        for (int k = 0; k < 4; k++) {
            NormalDistribution n = new NormalDistribution(mu[k], sigma[k]);
            density += 0.25 * n.density(x) / n.probability(0, 1);
            // Optuna 3.1's kernel lacks the 1/sigma of a density: its height does not shrink with the width
            optunaScore += 0.25 * n.density(x) * sigma[k] / n.probability(0, 1);
        }
        assertEquals(Math.log(density), normalized.logDensityPerDimension(new double[][]{{x}})[0][0], 1e-6);
        assertEquals(Math.log(optunaScore), optuna31.logDensityPerDimension(new double[][]{{x}})[0][0], 1e-6);
        assertArrayEquals(new double[]{0.25, 0.25, 0.25, 0.25}, optuna31.weights(), 1e-15);
    }

    @Test
    void priorWeightWeighsThePriorKernel() {
        KernelMixture m = ParzenEstimator.build(uniform, List.of(new double[]{0.2}, new double[]{0.8}), TpeSettings.defaults().withPriorWeight(2));
        assertArrayEquals(new double[]{0.25, 0.25, 0.5}, m.weights(), 1e-15);
    }

    @Test
    void olderObservationsWeighLessFrom25On() {
        double[] w = ParzenEstimator.observationWeights(30);
        // a ramp over the 5 oldest from 1/30 to 1, then 25 ones
        assertEquals(1.0 / 30, w[0], 1e-15);
        assertEquals(1.0 / 30 + (1 - 1.0 / 30) * 2 / 4, w[2], 1e-15);
        assertEquals(1.0, w[4], 1e-15);
        assertEquals(1.0, w[29], 0);
        assertArrayEquals(new double[]{1, 1, 1}, ParzenEstimator.observationWeights(3), 0);
    }

    @Test
    void categoricalKernelsSpreadThePriorWeight() {
        List<Dimension> choice = SpaceEncoding.of(SearchSpace.builder().choice("c", "x", "y", "z").build(), "t").dimensions();
        KernelMixture m = ParzenEstimator.build(choice, List.of(new double[]{0}, new double[]{2}), TpeSettings.defaults());
        // each observation's kernel: 1/3 on every category plus 1 on its own, normalised: (2/3, 1/6, 1/6)
        // the prior's is uniform; weights 1/3 each -> P(x) = (2/3 + 1/6 + 1/3) / 3
        double[][] log = m.logDensityPerDimension(new double[][]{{0}, {1}});
        assertEquals(Math.log((2.0 / 3 + 1.0 / 6 + 1.0 / 3) / 3), log[0][0], 1e-12);
        assertEquals(Math.log((1.0 / 6 + 1.0 / 6 + 1.0 / 3) / 3), log[1][0], 1e-12);
    }

    @Test
    void multivariateWidthsFollowScottsRule() {
        List<Dimension> two = SpaceEncoding.of(SearchSpace.builder().uniform("a", 0, 1).uniform("b", 0, 1).build(), "t").dimensions();
        List<double[]> xs = List.of(new double[]{0.5, 0.5}, new double[]{0.51, 0.5}, new double[]{0.49, 0.5});
        KernelMixture m = ParzenEstimator.build(two, xs, TpeSettings.trueDensities().withMultivariate(true));
        // sigma = 0.2 * 3^(-1/6) for the observations (above the clip 1/5 = 0.2? no: 0.1664 is clipped up to 0.2)
        double sigma = Math.max(0.2 * Math.pow(3, -1.0 / 6), 0.2);
        double expected = 0;
        double[] mu = {0.5, 0.51, 0.49};
        for (int k = 0; k < 3; k++) {
            NormalDistribution a = new NormalDistribution(mu[k], sigma);
            NormalDistribution b = new NormalDistribution(0.5, sigma);
            expected += 0.25 * a.density(0.3) / a.probability(0, 1) * b.density(0.7) / b.probability(0, 1);
        }
        NormalDistribution prior = new NormalDistribution(0.5, 1);
        expected += 0.25 * prior.density(0.3) / prior.probability(0, 1) * prior.density(0.7) / prior.probability(0, 1);
        assertEquals(Math.log(expected), m.logDensityJoint(new double[][]{{0.3, 0.7}})[0], 1e-6);
    }

    @Test
    void theGoodGroupHoldsTheLowestLossesTiesToTheEarlier() {
        List<Observation> all = List.of(new Observation(new double[1], 3, 0), new Observation(new double[1], 1, 1),
                new Observation(new double[1], 2, 2), new Observation(new double[1], 1, 3), new Observation(new double[1], Double.POSITIVE_INFINITY, 4));
        assertArrayEquals(new boolean[]{false, true, false, true, false}, TpeSearch.goodGroup(all, 2));
        assertArrayEquals(new boolean[]{false, true, true, true, false}, TpeSearch.goodGroup(all, 3));
    }

    @Test
    void optunasGamma() {
        TpeSettings s = TpeSettings.defaults();
        assertEquals(1, s.goodCount(10));
        assertEquals(2, s.goodCount(11));
        assertEquals(25, s.goodCount(2000));
    }
}
