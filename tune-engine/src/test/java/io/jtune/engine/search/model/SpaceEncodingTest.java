package io.jtune.engine.search.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.space.Domain;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.space.Space;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SpaceEncodingTest {
    private final SearchSpace space = SearchSpace.builder()
            .uniform("u", -2, 3)
            .add("q", Space.quniform(0, 1, 0.25))
            .loguniform("lr", 1e-4, 1e-1)
            .add("n", Space.randn(5, 2))
            .randint("units", 8, 65)
            .add("layers", Space.lograndint(1, 100))
            .add("batch", Space.qrandint(16, 128, 16))
            .choice("act", "relu", "tanh")
            .grid("opt", "sgd", "adam")
            .constant("name", "exp")
            .nested("model", SearchSpace.builder().uniform("dropout", 0, 0.5).build())
            .add("double_units", Space.sampleFrom(c -> 2 * c.getInt("units")))
            .build();
    private final SpaceEncoding encoding = SpaceEncoding.of(space, "test");

    @Test
    void everyDomainButFunctionsIsADimension() {
        assertEquals(List.of("u", "q", "lr", "n", "units", "layers", "batch", "act", "opt", "model/dropout"),
                encoding.dimensions().stream().map(Dimension::path).toList());
        assertTrue(encoding.dimension(7).isCategorical());
        assertTrue(encoding.dimension(8).isCategorical());
        assertEquals(0.25 / 1.25, encoding.dimension(1).unitStep(), 1e-12);
        assertEquals(0, encoding.dimension(5).unitStep(), 0);
    }

    @Test
    void decodedConfigsHoldValuesTheirDomainsProduceAndComputedFunctions() {
        SplittableRandom rng = new SplittableRandom(1);
        Map<String, Domain> domains = space.domains();
        for (int i = 0; i < 300; i++) {
            double[] x = new double[encoding.size()];
            for (int j = 0; j < x.length; j++) {
                Dimension d = encoding.dimension(j);
                x[j] = d.isCategorical() ? rng.nextInt(d.size()) : rng.nextDouble();
            }
            Config c = encoding.decode(x, rng);
            for (Dimension d : encoding.dimensions()) {
                assertTrue(domains.get(d.path()).contains(c.get(d.path())), d.path() + " = " + c.get(d.path()));
            }
            assertEquals(2 * c.getInt("units"), c.getInt("double_units"));
            assertEquals("exp", c.getString("name"));
            assertTrue(c.get("units") instanceof Integer);
            assertTrue(c.getConfig("model").has("dropout"));
        }
    }

    @Test
    void encodeThenDecodeGivesTheSameValues() {
        Config given = Config.of(Map.of("u", 1.5, "q", 0.75, "lr", 0.01, "units", 33, "layers", 17, "batch", 64, "act", "tanh", "opt", "adam",
                "n", 4.0, "model", Map.of("dropout", 0.2)));
        Config back = encoding.decode(encoding.encode(given, new SplittableRandom(2)), new SplittableRandom(3));
        for (String key : given.flatten().keySet()) {
            Object want = given.get(key);
            Object got = back.get(key);
            if (want instanceof Double d) {
                assertEquals(d, ((Number) got).doubleValue(), 1e-9 * Math.abs(d), key);
            } else {
                assertEquals(want, got, key);
            }
        }
    }

    @Test
    void snapRoundsSteppedCoordinatesToAllowedValues() {
        double[] x = new double[encoding.size()];
        java.util.Arrays.fill(x, 0.5);
        x[7] = 0.7;
        double[] s = encoding.snap(x);
        assertEquals(1.0, s[7], 0);
        Config c = encoding.decode(s, new SplittableRandom(1));
        assertEquals(0, c.getInt("batch") % 16);
        assertEquals(c.getDouble("q"), Math.round(c.getDouble("q") / 0.25) * 0.25, 1e-12);
    }

    @Test
    void aValueOutsideItsDomainIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> encoding.encode(Config.of(Map.of("act", "gelu")), new SplittableRandom(1)));
        assertTrue(e.getMessage().contains("'act'") && e.getMessage().contains("gelu"), e.getMessage());
    }

    @Test
    void aSpaceWithNothingToSearchIsRejectedNamingTheSearcher() {
        SearchSpace constantsOnly = SearchSpace.builder().constant("a", 1).build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SpaceEncoding.of(constantsOnly, "TpeSearch"));
        assertTrue(e.getMessage().startsWith("TpeSearch"), e.getMessage());
    }
}
