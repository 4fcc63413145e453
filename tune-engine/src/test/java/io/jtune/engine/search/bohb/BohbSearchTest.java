package io.jtune.engine.search.bohb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.engine.search.model.Dimension;
import io.jtune.engine.search.model.KernelMixture;
import io.jtune.engine.search.model.SpaceEncoding;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

class BohbSearchTest {
    private static final SearchSpace SPACE = SearchSpace.builder().uniform("a", 0, 1).uniform("b", 0, 1).build();

    private static BohbSearch started() {
        BohbSearch s = new BohbSearch(BohbSettings.defaults().withSeed(3));
        s.setup(new ExperimentInfo("bohb", Path.of("."), "loss", Mode.MIN, SPACE, 1));
        return s;
    }

    private static void report(BohbSearch s, String id, Config c, int iteration) {
        s.onTrialResult(id, Result.of(Map.of("loss", c.getDouble("a") + iteration * 0.01, Result.TRAINING_ITERATION, iteration)));
    }

    @Test
    void modelsTheLargestBudgetWithEnoughObservations() {
        BohbSearch s = started();
        // 2 parameters: a budget is modelled once its best max(3, 15%) and at least 3 others exist, i.e. 6 trials
        for (int i = 0; i < 9; i++) {
            Config c = s.suggest("t" + i);
            report(s, "t" + i, c, 1);
            if (i < 6) {
                report(s, "t" + i, c, 3);
            }
            if (i < 5) {
                report(s, "t" + i, c, 9);
            }
        }
        assertEquals(3.0, s.modelBudget());
        Config c = s.suggest("t9");
        report(s, "t9", c, 9);
        assertEquals(9.0, s.modelBudget());
    }

    @Test
    void noModelBeforeEnoughObservations() {
        BohbSearch s = started();
        for (int i = 0; i < 5; i++) {
            report(s, "t" + i, s.suggest("t" + i), 1);
        }
        assertNull(s.modelBudget());
    }

    @Test
    void resultsWithoutTheBudgetFieldAreNotObservations() {
        BohbSearch s = started();
        for (int i = 0; i < 8; i++) {
            Config c = s.suggest("t" + i);
            s.onTrialResult("t" + i, Result.of(Map.of("loss", c.getDouble("a"))));
        }
        assertNull(s.modelBudget());
        assertTrue(s.saveState().contains("\"budgets\":[]"), s.saveState());
    }

    @Test
    void normalReferenceBandwidths() {
        List<Dimension> dims = SpaceEncoding.of(SPACE, "t").dimensions();
        List<double[]> xs = List.of(new double[]{0.1, 0.5}, new double[]{0.3, 0.5}, new double[]{0.5, 0.5}, new double[]{0.7, 0.5});
        double[] bw = BudgetKde.bandwidths(dims, xs, 1e-3);
        // sd of 0.1 0.3 0.5 0.7 is sqrt(0.05); bw = 1.06 sd 4^(-1/6); the constant column gets the minimum
        assertArrayEquals(new double[]{1.06 * Math.sqrt(0.05) * Math.pow(4, -1.0 / 6), 1e-3}, bw, 1e-12);
        KernelMixture kde = BudgetKde.density(dims, xs, bw);
        double expected = 0;
        for (double[] x : xs) {
            NormalDistribution a = new NormalDistribution(x[0], bw[0]);
            expected += 0.25 * a.density(0.4) / a.probability(0, 1) * new NormalDistribution(0.5, 1e-3).density(0.5);
        }
        assertEquals(Math.log(expected), kde.logDensityJoint(new double[][]{{0.4, 0.5}})[0], 1e-6);
    }
}
