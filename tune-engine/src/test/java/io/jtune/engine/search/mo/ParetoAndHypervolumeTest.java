package io.jtune.engine.search.mo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Dominance, non-dominated sorting, crowding distances and exact hypervolumes on small known cases, and against Monte Carlo in 3 and 4 objectives. */
class ParetoAndHypervolumeTest {

    @Test
    void frontsAreNonDominatedLayers() {
        List<double[]> p = List.of(new double[] {1, 4}, new double[] {2, 2}, new double[] {4, 1}, new double[] {3, 3}, new double[] {5, 5}, new double[] {2, 2});
        assertTrue(Pareto.dominates(p.get(1), p.get(3)));
        assertFalse(Pareto.dominates(p.get(1), p.get(5)), "equal points do not dominate each other");
        assertEquals(List.of(List.of(0, 1, 2, 5), List.of(3), List.of(4)), Pareto.fronts(p));
    }

    @Test
    void crowdingDistanceIsInfiniteAtTheEndsAndTheNormalisedGapInside() {
        double[] d = Pareto.crowdingDistances(List.of(new double[] {0, 4}, new double[] {1, 2}, new double[] {4, 0}));
        assertEquals(Double.POSITIVE_INFINITY, d[0]);
        assertEquals(Double.POSITIVE_INFINITY, d[2]);
        assertEquals(4.0 / 4 + 4.0 / 4, d[1], 1e-12);
    }

    @Test
    void hypervolumeOfKnownFronts() {
        assertEquals(6 + 6 - 4, Hypervolume.of(List.of(new double[] {1, 2}, new double[] {2, 1}), new double[] {4, 4}), 1e-12);
        assertEquals(1.0, Hypervolume.of(List.of(new double[] {0, 0, 0}), new double[] {1, 1, 1}), 1e-12);
        assertEquals(0.5 + 0.5 - 0.25, Hypervolume.of(List.of(new double[] {0, 0, 0.5}, new double[] {0, 0.5, 0}), new double[] {1, 1, 1}), 1e-12);
        assertEquals(0, Hypervolume.of(List.of(new double[] {5, 0}), new double[] {4, 4}), "a point outside the reference box adds nothing");
    }

    @Test
    void hypervolumeMatchesMonteCarloInThreeAndFourObjectives() {
        SplittableRandom rng = new SplittableRandom(3);
        for (int m : new int[] {3, 4}) {
            List<double[]> points = new ArrayList<>();
            for (int i = 0; i < 25; i++) {
                double[] p = new double[m];
                for (int k = 0; k < m; k++) {
                    p[k] = rng.nextDouble();
                }
                points.add(p);
            }
            double[] ref = new double[m];
            java.util.Arrays.fill(ref, 1);
            int inside = 0;
            int samples = 200_000;
            for (int s = 0; s < samples; s++) {
                double[] z = new double[m];
                for (int k = 0; k < m; k++) {
                    z[k] = rng.nextDouble();
                }
                for (double[] p : points) {
                    boolean dominated = true;
                    for (int k = 0; k < m && dominated; k++) {
                        dominated = p[k] <= z[k];
                    }
                    if (dominated) {
                        inside++;
                        break;
                    }
                }
            }
            assertEquals((double) inside / samples, Hypervolume.of(points, ref), 0.005, m + " objectives");
        }
    }
}
