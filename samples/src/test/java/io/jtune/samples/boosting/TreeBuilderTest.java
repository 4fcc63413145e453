package io.jtune.samples.boosting;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.samples.data.RegressionData;
import io.jtune.samples.data.SplitMix64;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TreeBuilderTest {

    /** Feature 0 is 0..7 (the signal), feature 1 is 7..0 with a tie (anti-correlated but shuffled). */
    private static final double[] X = {0, 3, 1, 9, 2, 2, 3, 8, 4, 1, 5, 7, 6, 2, 7, 0};
    private static final double[] STEP = {1, 1, 1, 1, 5, 5, 5, 5};

    private static RegressionData data(double[] y) {
        return new RegressionData("synthetic", 8, 2, X, y);
    }

    private static int[] allRows() {
        return IntStream.range(0, 8).toArray();
    }

    @Test
    void aStumpSplitsAStepExactlyBetweenTheTwoLevels() {
        RegressionTree stump = new TreeBuilder(data(STEP), new BoostingHyperparameters(1, 1, 1, 1)).fit(STEP, allRows(), 8, 1);
        assertEquals(3, stump.nodes());
        assertEquals(0, stump.feature()[0]);
        assertEquals(3.5, stump.threshold()[0]);
        assertEquals(1, stump.predict(new double[] {3, 0}, 0));
        assertEquals(5, stump.predict(new double[] {4, 0}, 0));
    }

    @Test
    void leafValuesAreShrunkByTheLearningRate() {
        RegressionTree stump = new TreeBuilder(data(STEP), new BoostingHyperparameters(0.1, 1, 1, 1)).fit(STEP, allRows(), 8, 0.1);
        assertEquals(0.1, stump.predict(new double[] {0, 0}, 0), 1e-15);
        assertEquals(0.5, stump.predict(new double[] {7, 0}, 0), 1e-15);
    }

    @Test
    void minSamplesLeafAndMaxDepthBoundTheTree() {
        double[] y = {3, 1, 4, 1, 5, 9, 2, 6};
        RegressionTree unsplittable = new TreeBuilder(data(y), new BoostingHyperparameters(1, 3, 5, 1)).fit(y, allRows(), 8, 1);
        assertEquals(1, unsplittable.nodes(), "8 rows cannot make two leaves of 5");
        assertEquals(31 / 8.0, unsplittable.predict(new double[] {0, 0}, 0));

        RegressionTree deep = new TreeBuilder(data(y), new BoostingHyperparameters(1, 2, 1, 1)).fit(y, allRows(), 8, 1);
        assertTrue(deep.nodes() <= 7, "depth 2 has at most 7 nodes, got " + deep.nodes());
        RegressionTree full = new TreeBuilder(data(y), new BoostingHyperparameters(1, 10, 1, 1)).fit(y, allRows(), 8, 1);
        for (int r = 0; r < 8; r++) {
            assertEquals(y[r], full.predict(X, r * 2), "an unbounded tree fits every distinct row");
        }
    }

    @Test
    void aConstantTargetIsNotSplitAndOnlyTheSampleIsUsed() {
        double[] constant = {2, 2, 2, 2, 2, 2, 2, 2};
        assertEquals(1, new TreeBuilder(data(constant), new BoostingHyperparameters(1, 4, 1, 1)).fit(constant, allRows(), 8, 1).nodes());

        int[] lowRowsFirst = {2, 0, 3, 1, 7, 6, 5, 4};
        RegressionTree onLowRows = new TreeBuilder(data(STEP), new BoostingHyperparameters(1, 3, 1, 1)).fit(STEP, lowRowsFirst, 4, 1);
        assertEquals(1, onLowRows.nodes(), "rows 0-3 all have target 1");
        assertEquals(1, onLowRows.predict(new double[] {7, 0}, 0));
    }

    @Test
    void theBuilderIsReusableAcrossTrees() {
        TreeBuilder builder = new TreeBuilder(data(STEP), new BoostingHyperparameters(1, 2, 1, 1));
        RegressionTree first = builder.fit(STEP, allRows(), 8, 1);
        double[] other = new double[8];
        SplitMix64 random = new SplitMix64(1);
        for (int i = 0; i < 8; i++) {
            other[i] = random.nextDouble();
        }
        builder.fit(other, allRows(), 8, 1);
        RegressionTree again = builder.fit(STEP, allRows(), 8, 1);
        assertArrayEquals(first.feature(), again.feature());
        assertArrayEquals(first.threshold(), again.threshold());
        assertArrayEquals(first.left(), again.left());
        assertArrayEquals(first.right(), again.right());
        assertArrayEquals(first.value(), again.value());
    }

    @Test
    void malformedTreesAreRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> new RegressionTree(2, new int[] {0, -1, -1}, new double[3], new int[] {0, 0, 0}, new int[] {2, 0, 0}, new double[3]));
        assertThrows(IllegalArgumentException.class,
                () -> new RegressionTree(2, new int[] {5, -1, -1}, new double[3], new int[] {1, 0, 0}, new int[] {2, 0, 0}, new double[3]));
        assertThrows(IllegalArgumentException.class,
                () -> new RegressionTree(2, new int[0], new double[0], new int[0], new int[0], new double[0]));
    }
}
