package io.jtune.engine.search.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.search.bohb.BohbSearch;
import io.jtune.engine.search.cmaes.CmaEsSearch;
import io.jtune.engine.search.gp.BayesOptSearch;
import io.jtune.engine.search.tpe.TpeSearch;
import io.jtune.engine.search.tpe.TpeSettings;
import java.util.Arrays;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each model-based searcher, with its defaults, against random search on Branin at 100
 * evaluations over 5 seeds: its median regret must be under half of random search's, and it must
 * do better than random search with the same seed in at least 4 of the 5 runs.
 */
class BeatsRandomSearchTest {
    private static final int EVALUATIONS = 100;
    private static final int SEEDS = 5;

    static Stream<Named<Supplier<SearchAlgorithm>>> searchers() {
        return Stream.of(
                Named.of("TPE", TpeSearch::new),
                Named.of("TPE multivariate", () -> new TpeSearch(TpeSettings.defaults().withMultivariate(true))),
                Named.of("GP-BO", BayesOptSearch::new),
                Named.of("CMA-ES", CmaEsSearch::new),
                Named.of("BOHB", BohbSearch::new));
    }

    @ParameterizedTest
    @MethodSource("searchers")
    void beatsRandomSearchOnBranin(Supplier<SearchAlgorithm> make) {
        Problem branin = Problem.branin();
        double[] model = new double[SEEDS];
        double[] random = new double[SEEDS];
        int wins = 0;
        for (int seed = 0; seed < SEEDS; seed++) {
            model[seed] = Driver.bestOf(make.get(), branin, seed, EVALUATIONS) - branin.optimum();
            random[seed] = Driver.bestOf(new RandomBaseline(), branin, seed, EVALUATIONS) - branin.optimum();
            wins += model[seed] < random[seed] ? 1 : 0;
        }
        String detail = "regrets " + Arrays.toString(model) + " vs random " + Arrays.toString(random);
        assertTrue(median(model) < 0.5 * median(random), detail);
        assertTrue(wins >= SEEDS - 1, detail);
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
