package io.jtune.engine.search.mo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.search.bench.RandomBaseline;
import io.jtune.engine.search.mo.bench.MoDriver;
import io.jtune.engine.search.mo.bench.MoProblem;
import io.jtune.engine.search.tpe.MotpeSearch;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * MOTPE on ZDT1 and DTLZ2 at 100 evaluations, seeds 0-4: its hypervolume beats random search's
 * and NSGA-II's with the same seed in every run (measured medians over 10 seeds: ZDT1 98.3
 * against 92.3 and 92.3, DTLZ2 25.2 against 23.4 and 23.6).
 */
class MotpeSearchTest {

    @Test
    void beatsRandomSearchAndNsgaIiOnBothProblems() {
        for (MoProblem problem : new MoProblem[] {MoProblem.zdt1(), MoProblem.dtlz2()}) {
            for (int seed = 0; seed < 5; seed++) {
                double motpe = MoDriver.hypervolume(new MotpeSearch(), problem, seed, 100);
                for (Supplier<SearchAlgorithm> other : java.util.List.<Supplier<SearchAlgorithm>>of(RandomBaseline::new, NsgaIISearch::new)) {
                    double hv = MoDriver.hypervolume(other.get(), problem, seed, 100);
                    assertTrue(motpe > hv, problem.name() + " seed " + seed + ": MOTPE " + motpe + " vs " + other.get().getClass().getSimpleName() + " " + hv);
                }
            }
        }
    }
}
