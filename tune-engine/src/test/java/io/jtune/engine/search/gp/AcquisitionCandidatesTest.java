package io.jtune.engine.search.gp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.engine.search.bench.Problem;
import io.jtune.engine.search.model.Observation;
import io.jtune.engine.search.model.SpaceEncoding;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * GP-BO's candidates and the loss compression: axis moves redraw a few coordinates across their
 * whole range and keep the rest, the draw mixes them with uniform and local candidates, and so
 * reaches a better basin along an axis of the best trial; the compression keeps the order of the
 * losses and the differences near the best.
 */
class AcquisitionCandidatesTest {
    private static final int D = 6;
    private static final SpaceEncoding BOX = SpaceEncoding.of(box(D, 0, 1), "test");

    private static SearchSpace box(int d, double lo, double hi) {
        SearchSpace.Builder b = SearchSpace.builder();
        for (int i = 0; i < d; i++) {
            b.uniform("x" + i, lo, hi);
        }
        return b.build();
    }

    @Test
    void axisMovesRedrawAFewCoordinatesAcrossTheirWholeRangeAndKeepTheRest() {
        SplittableRandom rng = new SplittableRandom(1);
        double[] centre = {0.5, 0.5, 0.5, 0.5, 0.5, 0.5};
        int draws = 20_000;
        int changedTotal = 0;
        int[] changedPerCoordinate = new int[D];
        double min = 1;
        double max = 0;
        for (int n = 0; n < draws; n++) {
            double[] x = AcquisitionCandidates.axisMove(BOX, centre, rng);
            int changed = 0;
            for (int j = 0; j < D; j++) {
                assertTrue(x[j] >= 0 && x[j] <= 1, "inside the unit box: " + x[j]);
                if (x[j] != centre[j]) {
                    changed++;
                    changedPerCoordinate[j]++;
                    min = Math.min(min, x[j]);
                    max = Math.max(max, x[j]);
                }
            }
            assertTrue(changed >= 1, "at least one coordinate is redrawn");
            changedTotal += changed;
        }
        // one forced coordinate plus each of the other five with probability 1/6: 1 + 5/6 on average
        assertEquals(1 + 5.0 / 6, (double) changedTotal / draws, 0.05);
        for (int count : changedPerCoordinate) {
            assertEquals(changedTotal / (double) D, count, 0.1 * changedTotal / D, "every coordinate is moved alike");
        }
        assertTrue(min < 0.01 && max > 0.99, "redrawn across the whole range: " + min + " .. " + max);
    }

    /** A coordinate search moves one coordinate of the best trial, each alike, across its whole range, and keeps the others. */
    @Test
    void aCoordinateSearchMovesAlongTheAxesOfTheBestTrial() {
        SplittableRandom rng = new SplittableRandom(3);
        double[] best = {0.2, 0.2, 0.2, 0.2, 0.2, 0.2};
        double[] second = {0.8, 0.8, 0.8, 0.8, 0.8, 0.8};
        List<Observation> top = List.of(new Observation(best, 0, 0), new Observation(second, 1, 1));
        int[] moved = new int[D];
        double min = 1;
        double max = 0;
        for (int n = 0; n < 6000; n++) {
            double[] x = AcquisitionCandidates.coordinateMove(BOX, top, rng);
            int same = 0;
            for (int j = 0; j < D; j++) {
                assertNotEquals(second[j], x[j], "a coordinate of the second-best trial");
                if (x[j] == best[j]) {
                    same++;
                } else {
                    moved[j]++;
                    min = Math.min(min, x[j]);
                    max = Math.max(max, x[j]);
                }
            }
            assertEquals(D - 1, same, "one coordinate moves: " + Arrays.toString(x));
        }
        for (int count : moved) {
            assertEquals(1000, count, 150, "every coordinate is moved alike");
        }
        assertTrue(min < 0.01 && max > 0.99, "redrawn across the whole range: " + min + " .. " + max);
    }

    @Test
    void everyFourCandidatesAreTwoUniformOneAxisMoveAndOneLocalPerturbation() {
        SplittableRandom rng = new SplittableRandom(2);
        double[] best = {0.2, 0.2, 0.2, 0.2, 0.2, 0.2};
        List<Observation> top = List.of(new Observation(best, 0, 0));
        int rounds = 4000;
        double[] kept = new double[4];
        double[] distance = new double[4];
        for (int round = 0; round < rounds; round++) {
            for (int i = 0; i < 4; i++) {
                double[] x = AcquisitionCandidates.draw(i, BOX, top, true, rng);
                for (int j = 0; j < D; j++) {
                    assertTrue(x[j] >= 0 && x[j] <= 1, "inside the unit box: " + x[j]);
                    kept[i] += x[j] == best[j] ? 1.0 / rounds : 0;
                    distance[i] += Math.abs(x[j] - best[j]) / D / rounds;
                }
            }
        }
        // uniform: nothing kept, mean |U - 0.2| = 0.34
        assertEquals(0, kept[0]);
        assertEquals(0, kept[2]);
        assertEquals(0.34, distance[0], 0.01);
        assertEquals(0.34, distance[2], 0.01);
        // axis move: D - (1 + 5/6) coordinates kept on average
        assertEquals(D - 1 - 5.0 / 6, kept[1], 0.05);
        // local perturbation: every coordinate moved, by a few hundredths on average
        assertEquals(0, kept[3]);
        assertTrue(distance[3] > 0.01 && distance[3] < 0.06, "local: " + distance[3]);
        double[] x = AcquisitionCandidates.draw(1, BOX, List.of(), true, rng);
        for (double v : x) {
            assertTrue(v != 0.2, "with no finished trial every candidate is uniform");
        }
    }

    @Test
    void lossesFarAboveTheMedianNoLongerFlattenTheDifferencesNearTheBest() {
        List<Observation> train = new ArrayList<>();
        double[] losses = {0.1, 0.2, 0.4, 0.8, 1000, 5000};
        for (int i = 0; i < losses.length; i++) {
            train.add(new Observation(new double[] {i}, losses[i], i));
        }
        double[] y = BayesOptSearch.standardised(train, true);
        for (int i = 1; i < y.length; i++) {
            assertTrue(y[i] > y[i - 1], "the order stays: " + Arrays.toString(y));
        }
        // plain standardisation puts 0.1 and 0.8 0.0004 standard deviations apart (sd 1900); compressed, 0.19
        assertTrue(y[3] - y[0] > 0.15, "near-best differences stay visible: " + Arrays.toString(y));
        double mean = 0;
        double var = 0;
        for (int i = 0; i < losses.length; i++) {
            mean += y[i] / losses.length;
        }
        for (int i = 0; i < losses.length; i++) {
            var += (y[i] - mean) * (y[i] - mean) / losses.length;
        }
        assertEquals(0, mean, 1e-12);
        assertEquals(1, var, 1e-12);
        double[] plain = BayesOptSearch.standardised(train, false);
        assertTrue(plain[3] - plain[0] < 0.001, "off by default: plain standardisation " + Arrays.toString(plain));
        double[] flat = BayesOptSearch.standardised(List.of(new Observation(new double[] {0}, 3, 0), new Observation(new double[] {1}, 3, 1)), true);
        assertArrayEquals(new double[] {0, 0}, flat, "equal losses give zeros, not NaN");
    }

    /**
     * When the acquisition peaks at one of the best trials with one coordinate moved far (a better
     * basin along an axis), the candidates usually hold a point near that peak in every coordinate
     * (about 2.6 of the 250 axis moves are expected there); uniform and local candidates alone
     * rarely do (a uniform point near it in all four coordinates has probability 1e-4, and local
     * ones do not move a coordinate by 0.7).
     */
    @Test
    void candidatesReachABetterBasinAlongAnAxisOfTheBestTrialWithAxisMovesOnly() {
        assertTrue(drawsReachingTheAxisPeak(true) >= 15, "with axis moves");
        assertTrue(drawsReachingTheAxisPeak(false) <= 3, "without axis moves");
    }

    /** Of 20 draws of 1000 candidates, how many hold one within 0.05 of the peak in every coordinate. */
    private static int drawsReachingTheAxisPeak(boolean axisMoves) {
        SpaceEncoding box4 = SpaceEncoding.of(box(4, 0, 1), "test");
        double[] best = {0.2, 0.5, 0.5, 0.5};
        double[] peak = {0.9, 0.5, 0.5, 0.5};
        List<Observation> top = List.of(new Observation(best, 0, 0));
        int reached = 0;
        for (long seed = 0; seed < 20; seed++) {
            SplittableRandom rng = new SplittableRandom(seed);
            double nearest = Double.POSITIVE_INFINITY;
            for (int i = 0; i < 1000; i++) {
                double[] x = AcquisitionCandidates.draw(i, box4, top, axisMoves, rng);
                double distance = 0;
                for (int j = 0; j < 4; j++) {
                    distance = Math.max(distance, Math.abs(x[j] - peak[j]));
                }
                nearest = Math.min(nearest, distance);
            }
            reached += nearest < 0.05 ? 1 : 0;
        }
        return reached;
    }

    /**
     * Each option changes what the searcher suggests once the GP is in use, and only then (from EI
     * alone without axis moves: compressed losses, axis moves, a coordinate search, and the defaults' portfolio); the
     * same settings repeat exactly.
     */
    @Test
    void theOptionsReachTheSearch() {
        BayesOptSettings eiAlone = BayesOptSettings.defaults().withAcquisition(Acquisition.EI, 0.0, 2.576).withAxisMoves(false).withNInitialPoints(10);
        List<Config> plain = suggestions(eiAlone);
        assertEquals(plain, suggestions(eiAlone), "the same seed gives the same suggestions");
        for (BayesOptSettings option : List.of(eiAlone.withCompressedLosses(true), eiAlone.withAxisMoves(true), eiAlone.withCoordinateSearch(true),
                BayesOptSettings.defaults().withNInitialPoints(10))) {
            List<Config> other = suggestions(option);
            assertEquals(plain.subList(0, 10), other.subList(0, 10), "the random start is the same");
            assertNotEquals(plain.subList(10, plain.size()), other.subList(10, other.size()), option.toString());
        }
    }

    /** 14 sequential suggestions on Levy-4 (10 random, then 4 from the GP), seed 3. */
    private static List<Config> suggestions(BayesOptSettings settings) {
        Problem levy = Problem.box("levy4", 4, -10, 10, Problem::levy, 0);
        BayesOptSearch searcher = new BayesOptSearch(settings.withSeed(3));
        searcher.setup(new ExperimentInfo("options", Path.of("."), "loss", Mode.MIN, levy.space(), 3));
        List<Config> out = new ArrayList<>();
        for (int t = 0; t < 14; t++) {
            Config config = searcher.suggest("t" + t);
            out.add(config);
            searcher.onTrialComplete("t" + t, Result.of(Map.of("loss", levy.function().applyAsDouble(config), Result.TRAINING_ITERATION, 1)), false);
        }
        return out;
    }
}
