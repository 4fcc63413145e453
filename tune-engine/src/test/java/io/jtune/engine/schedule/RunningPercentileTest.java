package io.jtune.engine.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RunningPercentileTest {

    @Test
    void percentilesEqualNumpysOverTheSameScoresAsTheyCome() {
        SplittableRandom random = new SplittableRandom(11);
        for (int round = 0; round < 50; round++) {
            double q = round == 0 ? 0 : round == 1 ? 100 : random.nextDouble() * 100;
            RunningPercentile scores = new RunningPercentile(q);
            double[] all = new double[300];
            for (int n = 0; n < all.length; n++) {
                int kind = random.nextInt(20);
                all[n] = kind == 0 ? Double.NaN : kind == 1 ? Double.NEGATIVE_INFINITY : kind == 2 ? Math.floor(random.nextDouble() * 3) : random.nextGaussian();
                assertEquals(Percentiles.nanPercentile(all, n, q), scores.percentile(), "round " + round + ", " + n + " scores");
                scores.add(all[n]);
            }
            scores.clear();
            assertEquals(Double.NaN, scores.percentile());
        }
    }
}
