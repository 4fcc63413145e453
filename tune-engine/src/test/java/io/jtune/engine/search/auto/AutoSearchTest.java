package io.jtune.engine.search.auto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.api.Auto;
import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.SearcherAnnotation;
import io.jtune.api.space.Condition;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.space.Space;
import io.jtune.api.spi.AnnotationFactory;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.Objective;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.search.bench.Driver;
import io.jtune.engine.search.bench.Problem;
import io.jtune.engine.search.gp.BayesOptSearch;
import io.jtune.engine.search.tpe.TpeSearch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AutoSearchTest {

    private static ExperimentInfo experiment(SearchSpace space) {
        return new ExperimentInfo("auto", Path.of("."), "loss", Mode.MIN, space, 3);
    }

    private static String choiceFor(SearchSpace space) {
        AutoSearch auto = new AutoSearch();
        auto.setup(experiment(space));
        return auto.choice();
    }

    private static SearchSpace floats(int d) {
        SearchSpace.Builder b = SearchSpace.builder();
        for (int i = 0; i < d; i++) {
            b.uniform("x" + i, -5, 5);
        }
        return b.build();
    }

    @Test
    void choosesBySpaceAndObjectives() {
        assertEquals("GP-BO", choiceFor(floats(4)));
        assertEquals("GP-BO", choiceFor(SearchSpace.builder().loguniform("lr", 1e-5, 1).add("n", Space.randint(1, 9)).build()));
        assertEquals("GP-BO", choiceFor(floats(10)));
        assertEquals("CMA-ES", choiceFor(floats(11)));
        SearchSpace.Builder wideMixed = SearchSpace.builder().choice("c", "a", "b");
        for (int i = 0; i < 10; i++) {
            wideMixed.uniform("x" + i, 0, 1);
        }
        assertEquals("TPE", choiceFor(wideMixed.build()));
        assertEquals("GP-BO", choiceFor(SearchSpace.builder().uniform("x", 0, 1).choice("c", "a", "b").build()));
        assertEquals("TPE", choiceFor(SearchSpace.builder().choice("k", "a", "b").uniform("x", 0, 1)
                .add("y", Space.uniform(0, 1), Condition.of("k", "a")).build()));
        AutoSearch several = new AutoSearch();
        several.setup(new ExperimentInfo("auto", Path.of("."), "a", Mode.MIN, floats(2), 3, List.of(new Objective("a", Mode.MIN), new Objective("b", Mode.MAX))));
        assertEquals("MOTPE", several.choice());
        AutoSearch fewerGpDims = new AutoSearch(AutoSettings.defaults().withGpDimensions(3));
        fewerGpDims.setup(experiment(floats(4)));
        assertEquals("CMA-ES", fewerGpDims.choice());
    }

    /** With the same experiment seed AutoSearch suggests exactly what the searcher it chose suggests alone. */
    @Test
    void suggestsWhatItsChoiceWouldAlone() {
        Problem branin = Problem.branin();
        Problem mixed = Problem.heldOutSet().stream().filter(p -> p.name().equals("mixed-sphere")).findFirst().orElseThrow();
        Problem conditional = Problem.svmLike(true);
        assertEquals(Driver.bestOf(new BayesOptSearch(), branin, 5, 30), Driver.bestOf(new AutoSearch(), branin, 5, 30));
        assertEquals(Driver.bestOf(new BayesOptSearch(), mixed, 5, 30), Driver.bestOf(new AutoSearch(), mixed, 5, 30));
        assertEquals(Driver.bestOf(new TpeSearch(), conditional, 5, 40), Driver.bestOf(new AutoSearch(), conditional, 5, 40));
    }

    /** Runs {@code n} trials of Branin one at a time; returns the configs suggested. */
    private static List<Config> run(SearchAlgorithm s, int from, int n) {
        List<Config> configs = new ArrayList<>();
        for (int i = from; i < from + n; i++) {
            Config c = s.suggest("t" + i);
            configs.add(c);
            s.onTrialComplete("t" + i, Result.of(Map.of("loss", Problem.branin(c.getDouble("x1"), c.getDouble("x2")))), false);
        }
        return configs;
    }

    @Test
    void handsOverToCmaEsAtTheBestTrialAndRestoresInEitherPhase() {
        AutoSettings soon = AutoSettings.defaults().withSwitchAfter(25).withSeed(11);
        AutoSearch auto = new AutoSearch(soon);
        auto.setup(experiment(Problem.branin().space()));
        List<Config> first = run(auto, 0, 25);
        assertEquals("GP-BO", auto.choice());
        String beforeSwitch = auto.saveState();
        List<Config> next = run(auto, 25, 15);
        assertEquals("CMA-ES", auto.choice());
        double[] bestSoFar = first.stream().min((a, b) -> Double.compare(loss(a), loss(b))).map(c -> new double[] {c.getDouble("x1"), c.getDouble("x2")}).orElseThrow();
        // CMA-ES's first generation is drawn around the best of the 25 GP-BO trials, not the centre of the space
        double[] meanOfFirstGeneration = {next.subList(0, 6).stream().mapToDouble(c -> c.getDouble("x1")).average().orElseThrow(),
            next.subList(0, 6).stream().mapToDouble(c -> c.getDouble("x2")).average().orElseThrow()};
        assertTrue(Math.hypot(meanOfFirstGeneration[0] - bestSoFar[0], meanOfFirstGeneration[1] - bestSoFar[1]) < 3,
                "first generation around the best trial " + List.of(bestSoFar[0], bestSoFar[1]) + ", got mean " + List.of(meanOfFirstGeneration[0], meanOfFirstGeneration[1]));
        String afterSwitch = auto.saveState();
        List<Config> later = run(auto, 40, 10);

        AutoSearch restoredBefore = new AutoSearch(soon);
        restoredBefore.setup(experiment(Problem.branin().space()));
        restoredBefore.restoreState(beforeSwitch);
        assertEquals(next, run(restoredBefore, 25, 15), "restored before the switch, it switches the same way");
        AutoSearch restoredAfter = new AutoSearch(soon);
        restoredAfter.setup(experiment(Problem.branin().space()));
        restoredAfter.restoreState(afterSwitch);
        assertEquals("CMA-ES", restoredAfter.choice());
        assertEquals(later, run(restoredAfter, 40, 10));
    }

    private static double loss(Config c) {
        return Problem.branin(c.getDouble("x1"), c.getDouble("x2"));
    }

    @Test
    void refusesAnotherSearchersStateAndBadKnobs() {
        AutoSearch auto = new AutoSearch();
        auto.setup(experiment(floats(2)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> auto.restoreState("{\"searcher\": \"TpeSearch\"}"));
        assertTrue(e.getMessage().contains("TpeSearch"), e.getMessage());
        IllegalArgumentException knob = assertThrows(IllegalArgumentException.class, () -> AutoSettings.defaults().withSwitchAfter(-1));
        assertTrue(knob.getMessage().contains("switchAfter"), knob.getMessage());
        IllegalStateException noMetric = assertThrows(IllegalStateException.class,
                () -> new AutoSearch().setup(new ExperimentInfo("auto", Path.of("."), null, null, floats(2), 3)));
        assertTrue(noMetric.getMessage().contains("AutoSearch"), noMetric.getMessage());
    }

    @Auto(gpDimensions = 3, switchAfter = 50, seed = 9, pointsToEvaluate = "{\"x0\": 1.5}")
    static final class Annotated {
    }

    @Test
    @SuppressWarnings("unchecked")
    void theAnnotationCarriesItsKnobs() throws ReflectiveOperationException {
        String factory = Auto.class.getAnnotation(SearcherAnnotation.class).factory();
        AnnotationFactory<Auto, SearchAlgorithm> f = (AnnotationFactory<Auto, SearchAlgorithm>) Class.forName(factory).getConstructor().newInstance();
        AutoSearch auto = assertInstanceOf(AutoSearch.class, f.create(Annotated.class.getAnnotation(Auto.class)));
        assertEquals(new AutoSettings(3, 50, java.util.OptionalLong.of(9)), auto.settings());
        auto.setup(experiment(floats(3)));
        assertEquals(1.5, auto.suggest("t0").getDouble("x0"));
    }

    @Test
    void theChoiceIsInTheExperimentState(@TempDir Path storage) throws Exception {
        ResultGrid grid = Tuner.of("auto-state", (config, session) -> session.report(Map.of("loss", Problem.branin(config.getDouble("x1"), config.getDouble("x2")))))
                .storagePath(storage).space(Problem.branin().space()).metric("loss", Mode.MIN).searcher(new AutoSearch()).numSamples(12)
                .maxConcurrentTrials(1).machineResources(new ResourceRequest(1, 0, 1L << 30, Map.of())).seed(1).progress(false).fit();
        JsonNode state = new ObjectMapper().readTree(Files.readString(grid.experimentDir().resolve("experiment_state.json")));
        JsonNode auto = state.path("searcher").path("state").path("inner");
        assertEquals("GP-BO", auto.path("choice").asText(), state.path("searcher").toString());
        assertTrue(auto.path("reason").asText().equals("2 dimensions"));
    }
}
