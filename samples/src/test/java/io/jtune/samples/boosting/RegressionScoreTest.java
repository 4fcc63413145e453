package io.jtune.samples.boosting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class RegressionScoreTest {

    @Test
    void perfectPredictionsScoreZeroErrorAndRSquaredOne() {
        assertEquals(new RegressionScore(0, 1), RegressionScore.of(new double[] {1, 2, 3}, new double[] {1, 2, 3}));
    }

    @Test
    void predictingTheMeanScoresRSquaredZero() {
        RegressionScore score = RegressionScore.of(new double[] {2, 2, 2}, new double[] {1, 2, 3});
        assertEquals(0, score.r2());
        assertEquals(Math.sqrt(2.0 / 3), score.rmse(), 1e-15);
    }

    @Test
    void worseThanTheMeanIsNegative() {
        // errors 2, 0, -2: SSE 8; deviations -1, 0, 1: SST 2
        RegressionScore score = RegressionScore.of(new double[] {-1, 2, 5}, new double[] {1, 2, 3});
        assertEquals(-3, score.r2(), 1e-15);
        assertEquals(Math.sqrt(8.0 / 3), score.rmse(), 1e-15);
    }

    @Test
    void mismatchedLengthsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> RegressionScore.of(new double[2], new double[3]));
        assertThrows(IllegalArgumentException.class, () -> RegressionScore.of(new double[0], new double[0]));
    }
}
