package io.jtune.engine.search.bench.suite;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.search.BasicVariantGenerator;
import io.jtune.engine.search.auto.AutoSearch;
import io.jtune.engine.search.bench.Driver;
import io.jtune.engine.search.bench.Problem;
import io.jtune.engine.search.bench.TunerSearchBenchmark;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * A slice of the search suite as a regression guard: on one problem of each family (a BBOB
 * function, a mixed space, a log-scale space, a conditional space), AutoSearch's median regret over
 * seeds 0–2 at 60 evaluations is below half of random search's.
 */
class SuiteSliceTest {
    private static final int EVALUATIONS = 60;
    private static final int SEEDS = 3;

    private static double medianRegret(SuiteProblem problem, Supplier<SearchAlgorithm> searcher) {
        List<Double> regrets = new ArrayList<>();
        for (int seed = 0; seed < SEEDS; seed++) {
            Problem p = problem.problem(seed);
            regrets.add(Driver.bestOf(searcher.get(), p, seed, EVALUATIONS) - p.optimum());
        }
        return TunerSearchBenchmark.median(regrets);
    }

    @Test
    void autoSearchBeatsRandomSearchOnEveryFamily() {
        for (SuiteProblem problem : List.of(Suite.bbob(10, 5), Suite.mixed(1, 5), Suite.logScale(8, 2), Suite.conditional())) {
            double auto = medianRegret(problem, AutoSearch::new);
            double random = medianRegret(problem, () -> new BasicVariantGenerator(EVALUATIONS));
            assertTrue(auto < 0.5 * random, problem.name() + ": AutoSearch's median regret " + auto + ", random search's " + random);
        }
    }
}
