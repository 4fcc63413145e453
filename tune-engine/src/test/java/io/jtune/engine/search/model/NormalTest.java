package io.jtune.engine.search.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

/** The fast normal functions against Commons Math and Math.exp (erfc: relative error within 1e-13, tails included). */
class NormalTest {
    private final NormalDistribution reference = new NormalDistribution(0, 1);

    @Test
    void cdfAndTailsMatchCommonsMath() {
        for (double z = -30; z <= 30; z += 0.0173) {
            double cdf = reference.cumulativeProbability(z);
            double tail = reference.cumulativeProbability(-z);
            assertEquals(cdf, Normal.cdf(z), 1e-13 * cdf, "cdf at " + z);
            assertEquals(tail, Normal.upperTail(z), 1e-13 * tail, "tail at " + z);
        }
        assertEquals(reference.density(0.7), Normal.pdf(0.7), 1e-15);
    }

    @Test
    void massOfAnIntervalStaysAccurateInATail() {
        assertEquals(reference.probability(-1, 2), Normal.mass(-1, 2), 1e-15);
        double tail = reference.cumulativeProbability(-6) - reference.cumulativeProbability(-7);
        assertEquals(tail, Normal.mass(-7, -6), 1e-13 * tail);
        assertEquals(tail, Normal.mass(6, 7), 1e-13 * tail);
    }

    @Test
    void expNegMatchesMathExp() {
        for (double t = 0; t <= 48; t += 0.0137) {
            assertEquals(Math.exp(-t), Normal.expNeg(t), 1e-13 * Math.exp(-t), "exp(-" + t + ")");
        }
    }

    @Test
    void truncatedDrawsStayInsideTheInterval() {
        SplittableRandom rng = new SplittableRandom(5);
        double sum = 0;
        for (int i = 0; i < 2000; i++) {
            double v = Normal.sampleTruncated(rng, 0.9, 0.3, 0, 1);
            assertTrue(v >= 0 && v <= 1);
            sum += v;
        }
        // the mean of N(0.9, 0.3) truncated to [0, 1] is below 0.9 (about 0.73)
        assertEquals(0.73, sum / 2000, 0.02);
    }
}
