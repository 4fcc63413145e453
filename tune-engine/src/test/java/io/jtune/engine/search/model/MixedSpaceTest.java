package io.jtune.engine.search.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.space.Domain;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.space.Space;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.search.bohb.BohbSearch;
import io.jtune.engine.search.gp.BayesOptSearch;
import io.jtune.engine.search.gp.BayesOptSettings;
import io.jtune.engine.search.tpe.TpeSearch;
import io.jtune.engine.search.tpe.TpeSettings;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The searchers that model every domain, on a space with all of them (log, quantised, integer,
 * choice, grid, normal, nested, constant, sample-from): every suggestion holds values its domains
 * can produce, and the model finds the choice and integer that matter.
 */
class MixedSpaceTest {
    private static final SearchSpace SPACE = SearchSpace.builder()
            .loguniform("lr", 1e-4, 1e-1)
            .add("momentum", Space.quniform(0, 1, 0.1))
            .randint("units", 1, 9)
            .add("batch", Space.qlograndint(16, 256, 16))
            .choice("act", "relu", "tanh", "sigmoid")
            .grid("opt", "sgd", "adam")
            .add("noise", Space.randn(0, 1))
            .constant("epochs", 3)
            .nested("model", SearchSpace.builder().uniform("dropout", 0, 0.5).build())
            .add("width", Space.sampleFrom(c -> c.getInt("units") * 8))
            .build();

    /**
     * Each searcher and whether it must have learnt the activation within 80 trials. BOHB need
     * not: its categorical bandwidth (statsmodels' normal reference on category indices, as
     * HpBandSter) stays near uniform until the good trials share one category.
     */
    static Stream<Arguments> searchers() {
        return Stream.of(
                Arguments.of(Named.of("TPE", (Supplier<SearchAlgorithm>) TpeSearch::new), true),
                Arguments.of(Named.of("TPE multivariate", (Supplier<SearchAlgorithm>) () -> new TpeSearch(TpeSettings.defaults().withMultivariate(true))), true),
                Arguments.of(Named.of("GP-BO", (Supplier<SearchAlgorithm>) () -> new BayesOptSearch(BayesOptSettings.defaults().withCandidates(200))), true),
                Arguments.of(Named.of("BOHB", (Supplier<SearchAlgorithm>) BohbSearch::new), false));
    }

    /** Best at act=tanh, units=6, lr=1e-2, dropout 0.1; the rest hardly matters. */
    private static double loss(Config c) {
        return (c.getString("act").equals("tanh") ? 0 : 1) + Math.abs(c.getInt("units") - 6) * 0.3
                + Math.abs(Math.log10(c.getDouble("lr")) + 2) * 0.2 + Math.abs(c.getDouble("model/dropout") - 0.1)
                + 0.01 * Math.abs(c.getDouble("noise"));
    }

    @ParameterizedTest
    @MethodSource("searchers")
    void suggestsValidConfigsAndLearnsWhatMatters(Supplier<SearchAlgorithm> make, boolean mustLearn) {
        SearchAlgorithm s = make.get();
        s.setup(new ExperimentInfo("mixed", Path.of("."), "loss", Mode.MIN, SPACE, 21));
        Map<String, Domain> domains = SPACE.domains();
        Map<String, Integer> tanhLate = new HashMap<>();
        for (int i = 0; i < 80; i++) {
            String id = "t" + i;
            Config c = s.suggest(id);
            domains.forEach((path, d) -> assertTrue(d.contains(c.get(path)), path + " = " + c.get(path) + " in trial " + id));
            assertEquals(3, c.getInt("epochs"));
            assertEquals(c.getInt("units") * 8, c.getInt("width"));
            if (i >= 50) {
                tanhLate.merge(c.getString("act"), 1, Integer::sum);
            }
            s.onTrialComplete("t" + i, Result.of(Map.of("loss", loss(c))), false);
        }
        int tanh = tanhLate.getOrDefault("tanh", 0);
        assertTrue(!mustLearn || tanh >= 15, "of the last 30 suggestions " + tanh + " chose the best activation: " + tanhLate);
    }
}
