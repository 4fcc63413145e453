package io.jtune.engine.search.mo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.search.bench.RandomBaseline;
import io.jtune.engine.search.mo.bench.MoDriver;
import io.jtune.engine.search.mo.bench.MoProblem;
import io.jtune.engine.search.tpe.MotpeSearch;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * MOTPE on ZDT1 and DTLZ2 at 100 evaluations, seeds 0-4: its median hypervolume beats random
 * search's and NSGA-II's, and it beats each of them with the same seed in at least 4 of the 5 runs
 * (measured medians over 10 seeds: ZDT1 98.3 against 92.3 and 92.3, DTLZ2 25.2 against 23.4 and 23.6).
 */
class MotpeSearchTest {
    private static final int SEEDS = 5;

    @Test
    void beatsRandomSearchAndNsgaIiOnBothProblems() {
        for (MoProblem problem : new MoProblem[] {MoProblem.zdt1(), MoProblem.dtlz2()}) {
            double[] motpe = hypervolumes(MotpeSearch::new, problem);
            for (Supplier<SearchAlgorithm> other : List.<Supplier<SearchAlgorithm>>of(RandomBaseline::new, NsgaIISearch::new)) {
                double[] hv = hypervolumes(other, problem);
                String what = problem.name() + ": MOTPE " + Arrays.toString(motpe) + " vs " + other.get().getClass().getSimpleName() + " " + Arrays.toString(hv);
                assertTrue(median(motpe) > median(hv), what);
                int wins = 0;
                for (int seed = 0; seed < SEEDS; seed++) {
                    wins += motpe[seed] > hv[seed] ? 1 : 0;
                }
                assertTrue(wins >= SEEDS - 1, what);
            }
        }
    }

    private static double[] hypervolumes(Supplier<SearchAlgorithm> searcher, MoProblem problem) {
        double[] hv = new double[SEEDS];
        for (int seed = 0; seed < SEEDS; seed++) {
            hv[seed] = MoDriver.hypervolume(searcher.get(), problem, seed, 100);
        }
        return hv;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
