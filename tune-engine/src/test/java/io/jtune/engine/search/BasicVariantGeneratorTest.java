package io.jtune.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.TuneException;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.space.Space;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.SearchAlgorithm;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BasicVariantGeneratorTest {

    static ExperimentInfo experiment(SearchSpace space, long seed) {
        return new ExperimentInfo("exp", Path.of("exp"), "loss", Mode.MIN, space, seed);
    }

    static List<Config> drain(SearchAlgorithm searcher) {
        List<Config> configs = new ArrayList<>();
        for (int i = 0; !searcher.isFinished(); i++) {
            configs.add(searcher.suggest("t" + i));
        }
        return configs;
    }

    private static List<Config> run(SearchAlgorithm searcher, SearchSpace space, long seed) {
        searcher.setup(experiment(space, seed));
        return drain(searcher);
    }

    @Test
    void crossesGridsWithTheFirstSortedPathVaryingFastestAsRayDoes() {
        SearchSpace space = SearchSpace.builder().grid("b", 1, 2, 3).grid("a", "x", "y").build();

        List<Config> configs = run(new BasicVariantGenerator(1), space, 7);

        List<String> seen = configs.stream().map(c -> c.getString("a") + c.getInt("b")).toList();
        assertEquals(List.of("x1", "y1", "x2", "y2", "x3", "y3"), seen);
        assertEquals(List.of("b", "a"), List.copyOf(configs.get(0).keys()), "config keeps the declaration order");
    }

    @Test
    void repeatsTheWholeGridNumSamplesTimesWithFreshRandomValues() {
        SearchSpace space = SearchSpace.builder().grid("g", 10, 20).uniform("x", 0, 1).constant("fixed", "c").build();
        BasicVariantGenerator searcher = new BasicVariantGenerator(3);

        List<Config> configs = run(searcher, space, 7);

        assertEquals(6, searcher.totalVariants());
        assertEquals(List.of(10, 20, 10, 20, 10, 20), configs.stream().map(c -> c.getInt("g")).toList());
        Set<Double> xs = new HashSet<>();
        configs.forEach(c -> {
            assertEquals("c", c.getString("fixed"));
            double x = c.getDouble("x");
            assertTrue(x >= 0 && x < 1, "x in [0, 1): " + x);
            xs.add(x);
        });
        assertEquals(6, xs.size(), "every variant draws its own x");
        assertTrue(searcher.isFinished());
        assertNull(searcher.suggest("extra"));
    }

    @Test
    void sameSeedGivesTheSameConfigsInTheSameOrderWhateverTheInterleaving() {
        SearchSpace space = SearchSpace.builder().grid("g", 1, 2).loguniform("lr", 1e-4, 1e-1).randint("units", 8, 64).choice("act", "relu", "tanh").build();
        List<Config> sequential = run(new BasicVariantGenerator(10), space, 42);

        ConcurrencyLimiter limited = new ConcurrencyLimiter(new BasicVariantGenerator(10), 3);
        limited.setup(experiment(space, 42));
        List<Config> interleaved = new ArrayList<>();
        List<String> live = new ArrayList<>();
        int id = 100;
        while (!limited.isFinished()) {
            Config c = limited.suggest("trial-" + id);
            if (c == null) {
                String done = live.remove(live.size() - 1);
                limited.onTrialResult(done, Result.of(Map.of("loss", 1.0)));
                limited.onTrialComplete(done, null, false);
            } else {
                interleaved.add(c);
                live.add("trial-" + id++);
            }
        }

        assertEquals(20, sequential.size());
        assertEquals(sequential, interleaved);
        assertNotEquals(sequential, run(new BasicVariantGenerator(10), space, 43), "another seed gives other values");
    }

    @Test
    void sampleFromIsResolvedLastInDeclarationOrderSeeingWhatIsResolvedSoFar() {
        SearchSpace space = SearchSpace.builder()
                .add("sawX", Space.sampleFrom(c -> c.has("x")))
                .add("sawLater", Space.sampleFrom(c -> c.has("twice")))
                .uniform("x", 0, 1)
                .add("twice", Space.sampleFrom(c -> c.getDouble("x") * 2))
                .grid("g", 1, 2)
                .add("sum", Space.sampleFrom(c -> c.getDouble("twice") + c.getInt("g")))
                .build();

        for (Config c : run(new BasicVariantGenerator(2), space, 1)) {
            assertEquals(true, c.get("sawX"), "a function sees random values declared after it");
            assertEquals(false, c.get("sawLater"), "a function does not see functions declared after it");
            assertEquals(c.getDouble("x") * 2, c.getDouble("twice"));
            assertEquals(c.getDouble("twice") + c.getInt("g"), c.getDouble("sum"));
        }
    }

    @Test
    void nestedSpacesGiveNestedConfigs() {
        SearchSpace model = SearchSpace.builder().loguniform("lr", 1e-3, 1e-1).grid("layers", 1, 2).build();
        SearchSpace space = SearchSpace.builder().nested("model", model).constant("batch", 32).build();

        List<Config> configs = run(new BasicVariantGenerator(1), space, 3);

        assertEquals(2, configs.size());
        assertEquals(List.of(1, 2), configs.stream().map(c -> c.getConfig("model").getInt("layers")).toList());
        configs.forEach(c -> {
            double lr = c.getConfig("model").getDouble("lr");
            assertTrue(lr >= 1e-3 && lr < 1e-1, "lr in [1e-3, 1e-1): " + lr);
            assertEquals(32, c.get("batch"));
        });
    }

    @Test
    void pointsToEvaluateComeFirstEachUsingOneSampleAsInRaysExample() {
        SearchSpace space = SearchSpace.builder().grid("a", 1, 2).randint("b", 0, 3).build();
        List<Config> points = List.of(Config.of(Map.of("a", 2, "b", 2)), Config.of(Map.of("a", 1)), Config.of(Map.of("b", 2)));
        BasicVariantGenerator searcher = new BasicVariantGenerator(4, points);

        List<Config> configs = run(searcher, space, 5);

        assertEquals(6, configs.size(), "Ray's docstring: six trials from four samples");
        assertEquals(List.of(2, 1, 1, 2, 1, 2), configs.stream().map(c -> c.getInt("a")).toList());
        assertEquals(2, configs.get(0).getInt("b"));
        assertEquals(2, configs.get(2).getInt("b"));
        assertEquals(2, configs.get(3).getInt("b"));
        for (int i : new int[] {1, 4, 5}) {
            int b = configs.get(i).getInt("b");
            assertTrue(b >= 0 && b < 3, "b sampled from randint(0, 3): " + b);
        }
    }

    @Test
    void aPointSettingAWholeNestedSpaceReplacesIt() {
        SearchSpace space = SearchSpace.builder().nested("opt", SearchSpace.builder().uniform("lr", 0, 1).grid("m", 0.9, 0.99).build()).build();
        BasicVariantGenerator searcher = new BasicVariantGenerator(1, List.of(Config.of(Map.of("opt", "sgd"))));

        List<Config> configs = run(searcher, space, 5);

        assertEquals(List.of(Config.of(Map.of("opt", "sgd"))), configs);
    }

    @Test
    void aPointWithAKeyOutsideTheSpaceIsRejectedByName() {
        SearchSpace space = SearchSpace.builder().uniform("lr", 0, 1).build();
        BasicVariantGenerator searcher = new BasicVariantGenerator(2, List.of(Config.of(Map.of("learning_rate", 0.1))));

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> searcher.setup(experiment(space, 1)));

        assertTrue(e.getMessage().contains("pointsToEvaluate[0] sets 'learning_rate'"), e.getMessage());
        assertTrue(e.getMessage().contains("[lr]"), e.getMessage());
    }

    @Test
    void aRestoredSearchContinuesExactly() {
        SearchSpace space = SearchSpace.builder().grid("g", 1, 2, 3).uniform("x", -1, 1).build();
        List<Config> all = run(new BasicVariantGenerator(3), space, 11);

        BasicVariantGenerator first = new BasicVariantGenerator(3);
        first.setup(experiment(space, 11));
        List<Config> before = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            before.add(first.suggest("t" + i));
        }
        String state = first.saveState();

        BasicVariantGenerator resumed = new BasicVariantGenerator(3);
        resumed.setup(experiment(space, 999));
        resumed.restoreState(state);
        List<Config> after = drain(resumed);

        List<Config> joined = new ArrayList<>(before);
        joined.addAll(after);
        assertEquals(all, joined);
    }

    @Test
    void restoringIntoAnotherSpaceFailsNamingTheCounts() {
        SearchSpace space = SearchSpace.builder().grid("g", 1, 2, 3).build();
        BasicVariantGenerator first = new BasicVariantGenerator(1);
        first.setup(experiment(space, 1));
        String state = first.saveState();
        BasicVariantGenerator other = new BasicVariantGenerator(1);
        other.setup(experiment(SearchSpace.builder().grid("g", 1, 2).build(), 1));

        TuneException e = assertThrows(TuneException.class, () -> other.restoreState(state));

        assertTrue(e.getMessage().contains("3 variants") && e.getMessage().contains("give 2"), e.getMessage());
    }

    @Test
    void minusOneSamplesNeverFinishes() {
        BasicVariantGenerator searcher = new BasicVariantGenerator(-1);
        searcher.setup(experiment(SearchSpace.builder().grid("g", 1, 2).uniform("x", 0, 1).build(), 1));

        for (int i = 0; i < 100; i++) {
            assertEquals(i % 2 + 1, searcher.suggest("t" + i).getInt("g"));
        }
        assertFalse(searcher.isFinished());
        assertEquals(-1, searcher.totalVariants());
    }

    @Test
    void anEmptySpaceGivesNumSamplesEmptyConfigs() {
        assertEquals(List.of(Config.empty(), Config.empty()), run(new BasicVariantGenerator(2), SearchSpace.empty(), 1));
    }

    @Test
    void badArgumentsAndMissingSetupAreExplained() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new BasicVariantGenerator(0));
        assertTrue(e.getMessage().contains("numSamples must be >= 1"), e.getMessage());
        IllegalStateException s = assertThrows(IllegalStateException.class, () -> new BasicVariantGenerator(1).suggest("t"));
        assertTrue(s.getMessage().contains("setup(ExperimentInfo)"), s.getMessage());
    }
}
