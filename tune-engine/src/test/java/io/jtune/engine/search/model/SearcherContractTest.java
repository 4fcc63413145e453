package io.jtune.engine.search.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.search.bench.Driver;
import io.jtune.engine.search.bench.Problem;
import io.jtune.engine.search.bohb.BohbSearch;
import io.jtune.engine.search.bohb.BohbSettings;
import io.jtune.engine.search.cmaes.CmaEsSearch;
import io.jtune.engine.search.cmaes.CmaEsSettings;
import io.jtune.engine.search.gp.BayesOptSearch;
import io.jtune.engine.search.gp.BayesOptSettings;
import io.jtune.engine.search.tpe.TpeSearch;
import io.jtune.engine.search.tpe.TpeSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** What every model-based searcher promises: metric, points to evaluate, seeds, state, parallel suggestions. */
class SearcherContractTest {
    private static final Problem BRANIN = Problem.branin();

    /** Each searcher, built with the given points to evaluate. */
    static Stream<Named<Function<List<Config>, SearchAlgorithm>>> searchers() {
        return Stream.of(
                Named.of("TpeSearch", points -> new TpeSearch(TpeSettings.defaults(), points)),
                Named.of("BayesOptSearch", points -> new BayesOptSearch(BayesOptSettings.defaults().withCandidates(200), points)),
                Named.of("CmaEsSearch", points -> new CmaEsSearch(CmaEsSettings.defaults(), points)),
                Named.of("BohbSearch", points -> new BohbSearch(BohbSettings.defaults(), points)));
    }

    private static void complete(SearchAlgorithm s, String id, Config c) {
        s.onTrialComplete(id, Result.of(Map.of(Driver.METRIC, BRANIN.function().applyAsDouble(c), Result.TRAINING_ITERATION, 1)), false);
    }

    private static List<Config> run(SearchAlgorithm s, int from, int count) {
        List<Config> out = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            Config c = s.suggest("t" + i);
            out.add(c);
            complete(s, "t" + i, c);
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("searchers")
    void needsAMetricAndSaysWhichSearcher(Function<List<Config>, SearchAlgorithm> make) {
        SearchAlgorithm s = make.apply(List.of());
        ExperimentInfo noMetric = new ExperimentInfo("e", Path.of("."), null, Mode.MIN, BRANIN.space(), 1);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> s.setup(noMetric));
        assertTrue(e.getMessage().startsWith(s.getClass().getSimpleName() + " needs a metric"), e.getMessage());
    }

    @ParameterizedTest
    @MethodSource("searchers")
    void suggestsPointsToEvaluateFirstCompletingPartialOnes(Function<List<Config>, SearchAlgorithm> make) {
        SearchAlgorithm s = make.apply(List.of(Config.of(Map.of("x1", 3.14, "x2", 2.27)), Config.of(Map.of("x1", -1.5))));
        s.setup(Driver.experiment(BRANIN, 4));
        Config first = s.suggest("a");
        assertEquals(3.14, first.getDouble("x1"), 0);
        assertEquals(2.27, first.getDouble("x2"), 0);
        Config second = s.suggest("b");
        assertEquals(-1.5, second.getDouble("x1"), 0);
        assertTrue(second.getDouble("x2") >= 0 && second.getDouble("x2") <= 15);
    }

    @ParameterizedTest
    @MethodSource("searchers")
    void rejectsAPointOutsideTheSpaceNamingIt(Function<List<Config>, SearchAlgorithm> make) {
        SearchAlgorithm s = make.apply(List.of(Config.of(Map.of("x1", 0.0)), Config.of(Map.of("x1", 99.0))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.setup(Driver.experiment(BRANIN, 1)));
        assertTrue(e.getMessage().contains("points_to_evaluate[1]") && e.getMessage().contains("'x1'"), e.getMessage());
        SearchAlgorithm t = make.apply(List.of(Config.of(Map.of("x3", 0.0))));
        e = assertThrows(IllegalArgumentException.class, () -> t.setup(Driver.experiment(BRANIN, 1)));
        assertTrue(e.getMessage().contains("'x3'"), e.getMessage());
    }

    @ParameterizedTest
    @MethodSource("searchers")
    void theSameSeedGivesTheSameSuggestionsAndAnotherSeedOthers(Function<List<Config>, SearchAlgorithm> make) {
        SearchAlgorithm a = make.apply(List.of());
        SearchAlgorithm b = make.apply(List.of());
        SearchAlgorithm c = make.apply(List.of());
        a.setup(Driver.experiment(BRANIN, 7));
        b.setup(Driver.experiment(BRANIN, 7));
        c.setup(Driver.experiment(BRANIN, 8));
        List<Config> ra = run(a, 0, 30);
        assertEquals(ra, run(b, 0, 30));
        assertNotEquals(ra, run(c, 0, 30));
    }

    @ParameterizedTest
    @MethodSource("searchers")
    void maximisingTheNegatedMetricSuggestsWhatMinimisingTheMetricDoes(Function<List<Config>, SearchAlgorithm> make) {
        SearchAlgorithm min = make.apply(List.of());
        SearchAlgorithm max = make.apply(List.of());
        min.setup(Driver.experiment(BRANIN, 3));
        max.setup(new ExperimentInfo("bench-branin", Path.of("."), Driver.METRIC, Mode.MAX, BRANIN.space(), 3));
        for (int i = 0; i < 30; i++) {
            Config c = min.suggest("t" + i);
            assertEquals(c, max.suggest("t" + i));
            double v = BRANIN.function().applyAsDouble(c);
            min.onTrialComplete("t" + i, Result.of(Map.of(Driver.METRIC, v, Result.TRAINING_ITERATION, 1)), false);
            max.onTrialComplete("t" + i, Result.of(Map.of(Driver.METRIC, -v, Result.TRAINING_ITERATION, 1)), false);
        }
    }

    @ParameterizedTest
    @MethodSource("searchers")
    void aRestoredSearchContinuesExactlyAsTheOriginal(Function<List<Config>, SearchAlgorithm> make) {
        SearchAlgorithm original = make.apply(List.of(Config.of(Map.of("x1", 1.0, "x2", 1.0))));
        original.setup(Driver.experiment(BRANIN, 11));
        run(original, 0, 27);
        Config inFlight = original.suggest("p");
        String state = original.saveState();

        SearchAlgorithm restored = make.apply(List.of(Config.of(Map.of("x1", 1.0, "x2", 1.0))));
        restored.setup(Driver.experiment(BRANIN, 11));
        restored.restoreState(state);
        assertEquals(state, restored.saveState());
        complete(original, "p", inFlight);
        complete(restored, "p", inFlight);
        assertEquals(run(original, 27, 12), run(restored, 27, 12));
    }

    @ParameterizedTest
    @MethodSource("searchers")
    void parallelSuggestionsDoNotCollapseOnOnePoint(Function<List<Config>, SearchAlgorithm> make) {
        SearchAlgorithm s = make.apply(List.of());
        s.setup(Driver.experiment(BRANIN, 5));
        run(s, 0, 40);
        List<double[]> inFlight = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            Config c = s.suggest("p" + i);
            inFlight.add(new double[]{c.getDouble("x1") / 15, c.getDouble("x2") / 15});
        }
        for (int i = 0; i < inFlight.size(); i++) {
            for (int j = 0; j < i; j++) {
                double d = Math.hypot(inFlight.get(i)[0] - inFlight.get(j)[0], inFlight.get(i)[1] - inFlight.get(j)[1]);
                assertTrue(d > 1e-3, "suggestions " + j + " and " + i + " are " + d + " apart (in range units)");
            }
        }
    }

    @ParameterizedTest
    @MethodSource("searchers")
    void failedTrialsAndTrialsWithoutTheMetricAreNotModelled(Function<List<Config>, SearchAlgorithm> make) {
        SearchAlgorithm s = make.apply(List.of());
        s.setup(Driver.experiment(BRANIN, 2));
        Config c = s.suggest("failed");
        s.onTrialComplete("failed", Result.of(Map.of(Driver.METRIC, -1e9)), true);
        s.suggest("silent");
        s.onTrialComplete("silent", Result.of(Map.of("other", 1.0)), false);
        s.suggest("none");
        s.onTrialComplete("none", null, false);
        assertTrue(s.saveState().contains("\"observations\":[]"), s.saveState());
        assertTrue(c.has("x1"));
    }

    @ParameterizedTest
    @MethodSource("searchers")
    void aStateOfAnotherSearcherIsRefused(Function<List<Config>, SearchAlgorithm> make) {
        SearchAlgorithm s = make.apply(List.of());
        s.setup(Driver.experiment(BRANIN, 2));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.restoreState("{\"searcher\":\"Other\"}"));
        assertTrue(e.getMessage().contains("'Other'"), e.getMessage());
    }
}
