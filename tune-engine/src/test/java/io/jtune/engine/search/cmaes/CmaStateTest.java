package io.jtune.engine.search.cmaes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Hansen's parameters and one update step on a 2-D example. The expected numbers were computed
 * independently with NumPy from the tutorial's formulas (mean, evolution paths, step size,
 * covariance with rank-one and rank-mu terms).
 */
class CmaStateTest {
    private static final double[][] XS = {{0.6, 0.4}, {0.3, 0.7}, {0.55, 0.45}, {0.8, 0.2}, {0.4, 0.5}, {0.5, 0.9}};
    private static final double[] LOSSES = {0.3, 2.0, 0.1, 1.5, 0.7, 3.0};

    @Test
    void defaultParametersForTwoDimensions() {
        CmaParameters p = CmaParameters.of(2, CmaParameters.defaultPopulation(2));
        assertEquals(6, p.lambda());
        assertEquals(3, p.mu());
        assertArrayEquals(new double[]{0.6370425712412167, 0.2845702574380329, 0.07838717132075045}, p.weights(), 1e-12);
        assertEquals(2.0286114646100626, p.muEff(), 1e-12);
        assertEquals(0.44620498737831715, p.cSigma(), 1e-12);
        assertEquals(1.4462049873783172, p.dSigma(), 1e-12);
        assertEquals(0.6245545390268264, p.cc(), 1e-12);
        assertEquals(0.1548153998964136, p.c1(), 1e-12);
        assertEquals(0.05785908507191638, p.cMu(), 1e-12);
        assertEquals(1.254272742818995, p.chiN(), 1e-12);
    }

    @Test
    void updatesMeanStepSizeAndCovarianceAsTheTutorial() {
        CmaState s = new CmaState(CmaParameters.of(2, 6), new double[]{0.5, 0.5}, 0.2);
        s.tell(XS, LOSSES);
        assertArrayEquals(new double[]{0.5524704371737891, 0.43969084569413586}, s.mean(), 1e-12);
        assertEquals(0.165072511553494, s.sigma(), 1e-12);
        assertArrayEquals(new double[]{0.31113451872776166, -0.3576158444741676}, s.pathSigma(), 1e-12);
        assertArrayEquals(new double[]{0.34633070465166127, -0.3980700949472833}, s.pathC(), 1e-12);
        assertArrayEquals(new double[]{0.813448606470038, -0.02776336671917788}, s.covariance()[0], 1e-12);
        assertArrayEquals(new double[]{-0.02776336671917788, 0.818277444865996}, s.covariance()[1], 1e-12);

        s.tell(XS, LOSSES);
        assertEquals(0.12933729342004965, s.sigma(), 1e-12);
        assertArrayEquals(new double[]{0.17230474472588217, -0.19804587110428515}, s.pathSigma(), 1e-12);
        assertArrayEquals(new double[]{0.13002829105710717, -0.14945361029711746}, s.pathC(), 1e-12);
        assertArrayEquals(new double[]{0.6483089909273564, -0.027572221510718926}, s.covariance()[0], 1e-12);
        assertArrayEquals(new double[]{-0.027572221510718926, 0.649409775706039}, s.covariance()[1], 1e-12);
        assertEquals(2, s.generation());
    }

    @Test
    void askStaysInsideTheUnitCube() {
        CmaState s = new CmaState(CmaParameters.of(3, 7), new double[]{0.02, 0.5, 0.98}, 0.5);
        SplittableRandom rng = new SplittableRandom(1);
        for (int i = 0; i < 500; i++) {
            for (double v : s.ask(rng)) {
                assertTrue(v >= 0 && v <= 1, "candidate coordinate " + v);
            }
        }
    }

    @Test
    void tellNeedsAWholeGeneration() {
        CmaState s = new CmaState(CmaParameters.of(2, 6), new double[]{0.5, 0.5}, 0.2);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.tell(new double[2][2], new double[2]));
        assertTrue(e.getMessage().contains("6 candidates"), e.getMessage());
    }
}
