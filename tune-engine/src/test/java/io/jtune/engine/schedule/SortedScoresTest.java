package io.jtune.engine.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SortedScoresTest {

    @Test
    void percentilesEqualNumpysOverTheSameScoresAsTheyCome() {
        SplittableRandom random = new SplittableRandom(11);
        for (int round = 0; round < 50; round++) {
            SortedScores scores = new SortedScores();
            double[] all = new double[300];
            double q = random.nextDouble() * 100;
            for (int n = 0; n < all.length; n++) {
                int kind = random.nextInt(20);
                all[n] = kind == 0 ? Double.NaN : kind == 1 ? Double.NEGATIVE_INFINITY : kind == 2 ? Math.floor(random.nextDouble() * 3) : random.nextGaussian();
                assertEquals(Percentiles.nanPercentile(all, n, q), scores.percentile(q), "round " + round + ", " + n + " scores");
                scores.add(all[n]);
            }
            scores.clear();
            assertEquals(Double.NaN, scores.percentile(q));
        }
    }
}
