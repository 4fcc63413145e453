package io.jtune.engine.search.cmaes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.space.Space;
import io.jtune.api.spi.ExperimentInfo;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CmaEsSearchTest {

    private static ExperimentInfo experiment(SearchSpace space) {
        return new ExperimentInfo("cma", Path.of("."), "loss", Mode.MIN, space, 1);
    }

    @Test
    void rejectsAChoiceNamingTheParameter() {
        SearchSpace space = SearchSpace.builder().uniform("lr", 0, 1).nested("net", SearchSpace.builder().choice("act", "relu", "tanh").build()).build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new CmaEsSearch().setup(experiment(space)));
        assertTrue(e.getMessage().contains("'net/act'") && e.getMessage().contains("TpeSearch"), e.getMessage());
    }

    @Test
    void startsAtX0WhereGivenAndAtTheCentreElsewhere() {
        SearchSpace space = SearchSpace.builder().uniform("a", -1, 1).loguniform("lr", 1e-4, 1).uniform("b", 0, 10).build();
        CmaEsSearch s = new CmaEsSearch(CmaEsSettings.defaults(), java.util.List.of(), Config.of(Map.of("a", 0.5, "lr", 1e-3)));
        s.setup(experiment(space));
        // unit coordinates: a = 0.5 is 3/4 of [-1, 1], lr = 1e-3 is 1/4 of four decades, b (not given) the centre
        double[] mean = s.state().mean();
        assertEquals(0.75, mean[0], 1e-12);
        assertEquals(0.25, mean[1], 1e-12);
        assertEquals(0.5, mean[2], 1e-12);
    }

    @Test
    void updatesTheDistributionOncePerGenerationAndConvergesOnASphere() {
        SearchSpace space = SearchSpace.builder().uniform("a", -1, 1).uniform("b", -1, 1).randint("k", 0, 11).build();
        CmaEsSearch s = new CmaEsSearch();
        s.setup(experiment(space));
        int lambda = s.state().parameters().lambda();
        assertEquals(CmaParameters.defaultPopulation(3), lambda);
        for (int i = 0; i < 300; i++) {
            Config c = s.suggest("t" + i);
            assertTrue(c.get("k") instanceof Integer);
            double loss = sq(c.getDouble("a") - 0.3) + sq(c.getDouble("b") + 0.5) + sq((c.getInt("k") - 7) / 10.0);
            s.onTrialComplete("t" + i, Result.of(Map.of("loss", loss)), false);
            assertEquals((i + 1) / lambda, s.state().generation(), "generations after " + (i + 1) + " trials");
        }
        double[] mean = s.state().mean();
        assertEquals(0.65, mean[0], 0.02);
        assertEquals(0.25, mean[1], 0.02);
        assertEquals(7.5 / 11, mean[2], 0.05);
    }

    @Test
    void restartsWithTwiceThePopulationWhenTheDistributionCollapses() {
        SearchSpace space = SearchSpace.builder().uniform("a", 0, 1).build();
        CmaEsSearch s = new CmaEsSearch(CmaEsSettings.defaults().withRestarts(1));
        s.setup(experiment(space));
        int lambda = s.state().parameters().lambda();
        for (int i = 0; i < 3000 && s.state().parameters().lambda() == lambda; i++) {
            Config c = s.suggest("t" + i);
            s.onTrialComplete("t" + i, Result.of(Map.of("loss", Math.abs(c.getDouble("a") - 0.4))), false);
        }
        assertEquals(2 * lambda, s.state().parameters().lambda());
        assertEquals(1.0 / 6, s.state().sigma(), 0);
    }

    @Test
    void resultsOfAnOlderGenerationAreIgnored() {
        SearchSpace space = SearchSpace.builder().uniform("a", 0, 1).uniform("b", 0, 1).build();
        CmaEsSearch s = new CmaEsSearch();
        s.setup(experiment(space));
        int lambda = s.state().parameters().lambda();
        s.suggest("late");
        for (int i = 0; i < lambda; i++) {
            s.suggest("t" + i);
        }
        for (int i = 0; i < lambda - 1; i++) {
            s.onTrialComplete("t" + i, Result.of(Map.of("loss", (double) i)), false);
        }
        s.onTrialComplete("late", Result.of(Map.of("loss", 0.5)), false);
        assertEquals(1, s.state().generation());
        double[] mean = s.state().mean();
        s.onTrialComplete("t" + (lambda - 1), Result.of(Map.of("loss", 0.1)), false);
        assertEquals(1, s.state().generation());
        assertEquals(mean[0], s.state().mean()[0], 0);
    }

    private static double sq(double v) {
        return v * v;
    }
}
