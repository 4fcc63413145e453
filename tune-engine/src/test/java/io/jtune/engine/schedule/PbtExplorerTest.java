package io.jtune.engine.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.TuneException;
import io.jtune.api.space.Space;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class PbtExplorerTest {

    private static PbtExplorer explorer(String path, PbtMutation mutation, double resample, List<Double> factors, UnaryOperator<Config> custom) {
        Map<String, PbtMutation> m = new LinkedHashMap<>();
        m.put(path, mutation);
        return new PbtExplorer(m, resample, factors, custom);
    }

    @Test
    void choicesMoveToANeighbourClampedAtTheEnds() {
        PbtExplorer e = explorer("bs", PbtMutation.choices(16, 32, 64, 128), 0, List.of(1.2, 0.8), null);
        Set<String> seen = new HashSet<>();
        for (long seed = 0; seed < 40; seed++) {
            PbtExplorer.Exploration x = e.explore(Config.of(Map.of("bs", 32)), new SeededRandom(seed));
            Object bs = x.config().get("bs");
            String op = x.operations().get("bs");
            assertTrue((bs.equals(16) && op.equals("shift left")) || (bs.equals(64) && op.equals("shift right")), bs + " by " + op);
            seen.add(op);
            PbtExplorer.Exploration end = e.explore(Config.of(Map.of("bs", 128)), new SeededRandom(seed));
            assertTrue(end.config().get("bs").equals(64) || end.operations().get("bs").equals("shift right (noop)"), end.toString());
        }
        assertEquals(Set.of("shift left", "shift right"), seen);
    }

    @Test
    void aValueOutsideTheChoicesIsResampled() {
        PbtExplorer e = explorer("bs", PbtMutation.choices(16, 32), 0, List.of(1.2), null);
        PbtExplorer.Exploration x = e.explore(Config.of(Map.of("bs", 20)), new SeededRandom(3));
        assertEquals("resample", x.operations().get("bs"));
        assertTrue(List.of(16, 32).contains(x.config().get("bs")));
    }

    @Test
    void numbersAreMultipliedByAFactorAndIntegersStayIntegers() {
        PbtExplorer e = explorer("lr", PbtMutation.domain(Space.loguniform(1e-4, 1)), 0, List.of(1.2, 0.8), null);
        Set<Double> values = new HashSet<>();
        for (long seed = 0; seed < 40; seed++) {
            values.add(e.explore(Config.of(Map.of("lr", 0.5)), new SeededRandom(seed)).config().getDouble("lr"));
        }
        assertEquals(Set.of(0.5 * 1.2, 0.5 * 0.8), values);

        PbtExplorer ints = explorer("units", PbtMutation.domain(Space.randint(1, 512)), 0, List.of(1.2), null);
        PbtExplorer.Exploration x = ints.explore(Config.of(Map.of("units", 32)), new SeededRandom(1));
        assertEquals(38, x.config().get("units"), "int(32 * 1.2) = 38, still an Integer");
        assertEquals("* 1.2", x.operations().get("units"));
        PbtExplorer longs = explorer("steps", PbtMutation.domain(Space.randint(1, 512)), 0, List.of(0.8), null);
        assertEquals(25L, longs.explore(Config.of(Map.of("steps", 32L)), new SeededRandom(1)).config().get("steps"));
    }

    @Test
    void resamplingDrawsFromTheDomainOrGenerator() {
        PbtExplorer e = explorer("m", PbtMutation.domain(Space.uniform(10, 20)), 1, List.of(1.2), null);
        PbtExplorer.Exploration x = e.explore(Config.of(Map.of("m", 0.5)), new SeededRandom(5));
        assertEquals("resample", x.operations().get("m"));
        assertTrue(x.config().getDouble("m") >= 10 && x.config().getDouble("m") < 20);

        PbtExplorer g = explorer("m", PbtMutation.generator(rng -> 7 + rng.nextInt(2)), 1, List.of(1.2), null);
        Object v = g.explore(Config.of(Map.of("m", 3)), new SeededRandom(5)).config().get("m");
        assertTrue(v.equals(7) || v.equals(8), String.valueOf(v));
    }

    @Test
    void nestedPathsAndTheCustomFunctionApply() {
        PbtExplorer e = explorer("model/lr", PbtMutation.domain(Space.uniform(0, 1)), 0, List.of(2.0),
                c -> c.getDouble("model/lr") > 1 ? c.with("model/lr", 1.0) : c);
        Config base = Config.of(Map.of("model", Map.of("lr", 0.75, "depth", 3), "seed", 9));
        Config explored = e.explore(base, new SeededRandom(1)).config();
        assertEquals(1.0, explored.getDouble("model/lr"), "0.75 * 2 clamped by the custom function");
        assertEquals(3, explored.get("model/depth"));
        assertEquals(9, explored.get("seed"));
    }

    @Test
    void theSameSeedGivesTheSameExploration() {
        PbtExplorer e = explorer("lr", PbtMutation.domain(Space.uniform(0, 1)), 0.5, List.of(1.2, 0.8), null);
        Config c = Config.of(Map.of("lr", 0.3));
        for (long seed = 0; seed < 10; seed++) {
            assertEquals(e.explore(c, new SeededRandom(seed)), e.explore(c, new SeededRandom(seed)));
        }
    }

    @Test
    void unmutableInputIsRejectedByName() {
        PbtExplorer e = explorer("opt", PbtMutation.domain(Space.choice("sgd", "adam")), 0, List.of(1.2), null);
        TuneException x = assertThrows(TuneException.class, () -> e.explore(Config.of(Map.of("opt", "sgd")), new SeededRandom(1)));
        assertTrue(x.getMessage().contains("cannot perturb parameter 'opt' = sgd"), x.getMessage());
        IllegalArgumentException grid = assertThrows(IllegalArgumentException.class, () -> PbtMutation.domain(Space.grid(1, 2)));
        assertTrue(grid.getMessage().contains("GridDomain cannot be mutated"), grid.getMessage());
        assertInstanceOf(PbtMutation.Choices.class, PbtMutation.forParameter("g", Space.grid(1, 2)));
        assertInstanceOf(PbtMutation.Sampled.class, PbtMutation.forParameter("x", Space.uniform(0, 1)));
    }
}
