package io.jtune.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Mode;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Objective;
import io.jtune.engine.search.mo.NsgaIISearch;
import io.jtune.engine.search.mo.NsgaIISettings;
import io.jtune.engine.testing.Runs;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code Tuner.metrics}: NSGA-II through the engine, the Pareto front and hypervolume of the result grid, mixed directions, bad declarations. */
class MultiObjectiveTunerTest {
    @TempDir
    Path storage;

    /** Accuracy (max) against latency (min): a trade-off along x, each trial one report. */
    private ResultGrid run(int trials) {
        return Runs.quiet(Tuner.of("tradeoff", (config, session) -> {
                    double x = config.getDouble("x");
                    double noise = config.getDouble("noise");
                    session.report(Map.of("accuracy", x - noise, "latency", x * x + noise));
                }), storage)
                .space(SearchSpace.builder().uniform("x", 0, 1).uniform("noise", 0, 0.5).build())
                .metrics(List.of("accuracy", "latency"), List.of(Mode.MAX, Mode.MIN))
                .searcher(new NsgaIISearch(NsgaIISettings.defaults().withPopulationSize(10)))
                .numSamples(trials)
                .fit();
    }

    @Test
    void theResultGridGivesTheParetoFrontAndItsHypervolume() {
        ResultGrid grid = run(40);
        assertEquals(40, grid.size());
        assertEquals(List.of(new Objective("accuracy", Mode.MAX), new Objective("latency", Mode.MIN)), grid.objectives());
        List<TrialOutcome> front = grid.paretoFront();
        assertFalse(front.isEmpty());
        for (TrialOutcome t : grid.trials()) {
            double a = t.lastResult().getDouble("accuracy");
            double l = t.lastResult().getDouble("latency");
            boolean dominated = grid.trials().stream().anyMatch(o -> o.lastResult().getDouble("accuracy") >= a && o.lastResult().getDouble("latency") <= l
                    && (o.lastResult().getDouble("accuracy") > a || o.lastResult().getDouble("latency") < l));
            assertEquals(!dominated, front.contains(t), t.config().toString());
        }
        double hv = grid.hypervolume(-1, 2);
        double[] boxes = front.stream().mapToDouble(t -> (t.lastResult().getDouble("accuracy") + 1) * (2 - t.lastResult().getDouble("latency"))).toArray();
        double largest = java.util.Arrays.stream(boxes).max().orElseThrow();
        assertTrue(front.size() == 1 ? hv == largest : hv > largest && hv < java.util.Arrays.stream(boxes).sum(),
                "the union of the front's boxes from the reference (-1, 2): " + hv + ", boxes " + java.util.Arrays.toString(boxes));
        assertEquals("accuracy", grid.getBestResult().metric(), "the first metric is the single-metric default");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> grid.hypervolume(0));
        assertEquals("hypervolume needs one reference value per objective [accuracy (max), latency (min)], got 1", e.getMessage());
    }

    @Test
    void anAnnotatedClassDeclaresItsObjectivesAndSearcher() {
        ResultGrid grid = Runs.quiet(Tuner.of(example.models.TradeOff.class), storage).fit();
        assertEquals(24, grid.size());
        assertEquals(List.of(new Objective("accuracy", Mode.MAX), new Objective("latency", Mode.MIN)), grid.objectives());
        assertEquals(24, grid.paretoFront().size(), "accuracy = sqrt(latency): every trial is a trade-off no other dominates");
        assertTrue(grid.hypervolume(0, 1) > 0.5, "the front covers most of the curve: " + grid.hypervolume(0, 1));
    }

    @Test
    void aRestoredAnnotatedExperimentKeepsItsObjectives() {
        ResultGrid first = Runs.quiet(Tuner.of(example.models.TradeOff.class), storage).outputFiles(true).fit();
        ResultGrid again = Tuner.restore(first.experimentDir(), example.models.TradeOff.class).progress(false).fit();
        assertEquals(first.objectives(), again.objectives());
        assertEquals(first.paretoFront().size(), again.paretoFront().size());
    }

    @Test
    void theStateRecordsEveryObjectiveAndARestoreTakesThemFromIt() throws Exception {
        io.jtune.api.trainable.TrainFunction tradeOff = (config, session) -> session.report(
                Map.of("accuracy", config.getDouble("x"), "latency", config.getDouble("x") * config.getDouble("x")));
        SearchSpace space = SearchSpace.builder().uniform("x", 0, 1).build();
        ResultGrid first = Runs.quiet(Tuner.of("tradeoff", tradeOff), storage).outputFiles(true).space(space)
                .metrics(List.of("accuracy", "latency"), List.of(Mode.MAX, Mode.MIN))
                .searcher(new NsgaIISearch(NsgaIISettings.defaults().withPopulationSize(4))).numSamples(6).fit();
        com.fasterxml.jackson.databind.JsonNode runner = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(first.experimentDir().resolve("experiment_state.json").toFile()).get("runner");
        assertEquals("[\"accuracy\",\"latency\"]", runner.get("metrics").toString());
        assertEquals("[\"max\",\"min\"]", runner.get("modes").toString());

        // a function trainable declares nothing: the restored experiment's objectives come from the state, and its searcher's state is restored with them
        ResultGrid again = Tuner.restore(first.experimentDir(), tradeOff).space(space).progress(false)
                .searcher(new NsgaIISearch(NsgaIISettings.defaults().withPopulationSize(4))).fit();
        assertEquals(List.of(new Objective("accuracy", Mode.MAX), new Objective("latency", Mode.MIN)), again.objectives());
        assertEquals(6, again.paretoFront().size(), "accuracy = sqrt(latency): every trial is a trade-off no other dominates");

        Tuner other = Tuner.restore(first.experimentDir(), tradeOff).space(space).progress(false)
                .metrics(List.of("accuracy", "size"), List.of(Mode.MAX, Mode.MIN))
                .searcher(new NsgaIISearch(NsgaIISettings.defaults().withPopulationSize(4)));
        String message = assertThrows(io.jtune.api.TuneException.class, other::fit).getMessage();
        assertTrue(message.contains("it optimised the objectives [accuracy (max), latency (min)], not [accuracy (max), size (min)]"), message);
    }

    @Test
    void motpeIsDeclaredByItsAnnotation() {
        @io.jtune.api.Motpe(nStartupTrials = 4, seed = 9)
        final class Declared {
        }
        io.jtune.api.spi.SearchAlgorithm s = new io.jtune.engine.search.tpe.MotpeFactory().create(Declared.class.getAnnotation(io.jtune.api.Motpe.class));
        ResultGrid grid = Runs.quiet(Tuner.of(example.models.TradeOff.class), storage).searcher(s).numSamples(12).fit();
        assertEquals(12, grid.size());
        assertEquals(12, grid.paretoFront().size(), "accuracy = sqrt(latency): every trial is on the front");
    }

    @Test
    void badDeclarationsAreNamed() {
        Tuner tuner = Tuner.of("f", (config, session) -> { });
        assertEquals("metrics [a, b] and modes [min] must have the same length: one mode per metric",
                assertThrows(IllegalArgumentException.class, () -> tuner.metrics(List.of("a", "b"), List.of(Mode.MIN))).getMessage());
        assertEquals("metric 'a' is given twice in [a, a]: name each objective once",
                assertThrows(IllegalArgumentException.class, () -> tuner.metrics(List.of("a", "a"), List.of(Mode.MIN, Mode.MAX))).getMessage());
    }
}
