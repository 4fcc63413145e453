package io.jtune.api.space;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Ray Tune's sampling semantics, checked over many draws. */
class SpaceTest {
    private static final int DRAWS = 20_000;

    private static Map<Object, Integer> histogram(Domain d) {
        SplittableRandom rng = new SplittableRandom(42);
        Map<Object, Integer> h = new TreeMap<>();
        for (int i = 0; i < DRAWS; i++) {
            h.merge(d.sample(rng, Config.empty()), 1, Integer::sum);
        }
        return h;
    }

    private static void validated(Domain d) {
        d.validate("p");
    }

    @Test
    void randintExcludesUpper() {
        Map<Object, Integer> h = histogram(Space.randint(2, 5));
        assertEquals(java.util.Set.of(2, 3, 4), h.keySet());
    }

    @Test
    void qrandintIncludesUpperAndOnlyMultiples() {
        assertEquals(java.util.Set.of(3, 6, 9), histogram(Space.qrandint(1, 10, 3)).keySet());
        assertEquals(java.util.Set.of(2, 3, 4, 5), histogram(Space.qrandint(2, 5, 1)).keySet());
    }

    @Test
    void lograndintExcludesUpperAndFavoursSmallValues() {
        Map<Object, Integer> h = histogram(Space.lograndint(1, 100));
        assertEquals(1, h.keySet().stream().mapToInt(o -> (Integer) o).min().getAsInt());
        assertEquals(99, h.keySet().stream().mapToInt(o -> (Integer) o).max().getAsInt());
        int below10 = h.entrySet().stream().filter(e -> (Integer) e.getKey() < 10).mapToInt(Map.Entry::getValue).sum();
        // log-uniform over [1, 100): P(x < 10) = 1/2
        assertEquals(0.5, below10 / (double) DRAWS, 0.02);
    }

    @Test
    void qlograndintIncludesUpper() {
        Map<Object, Integer> h = histogram(Space.qlograndint(1, 64, 8));
        assertTrue(h.containsKey(64), h.toString());
        h.keySet().forEach(v -> assertEquals(0, (Integer) v % 8, "not a multiple of 8: " + v));
    }

    @Test
    void uniformStaysInBoundsWithMeanInTheMiddle() {
        double sum = 0;
        SplittableRandom rng = new SplittableRandom(1);
        FloatDomain d = Space.uniform(-5, -1);
        for (int i = 0; i < DRAWS; i++) {
            double v = (Double) d.sample(rng, Config.empty());
            assertTrue(v >= -5 && v < -1);
            sum += v;
        }
        assertEquals(-3, sum / DRAWS, 0.05);
    }

    @Test
    void quniformRoundsToMultiplesAndReachesUpper() {
        Map<Object, Integer> h = histogram(Space.quniform(0, 1, 0.25));
        assertEquals(5, h.size(), h.toString());
        assertTrue(h.containsKey(1.0) && h.containsKey(0.0));
    }

    @Test
    void loguniformMedianIsTheGeometricMean() {
        SplittableRandom rng = new SplittableRandom(3);
        FloatDomain d = Space.loguniform(1e-4, 1e-2);
        int below = 0;
        for (int i = 0; i < DRAWS; i++) {
            double v = (Double) d.sample(rng, Config.empty());
            assertTrue(v >= 1e-4 && v < 1e-2);
            if (v < 1e-3) {
                below++;
            }
        }
        assertEquals(0.5, below / (double) DRAWS, 0.02);
    }

    @Test
    void randnHasTheGivenMeanAndSd() {
        SplittableRandom rng = new SplittableRandom(4);
        FloatDomain d = Space.randn(10, 2);
        double sum = 0;
        double sq = 0;
        for (int i = 0; i < DRAWS; i++) {
            double v = (Double) d.sample(rng, Config.empty());
            sum += v;
            sq += v * v;
        }
        double mean = sum / DRAWS;
        assertEquals(10, mean, 0.1);
        assertEquals(2, Math.sqrt(sq / DRAWS - mean * mean), 0.1);
        histogram(Space.qrandn(0, 1, 0.5)).keySet().forEach(v -> assertEquals(0, ((Double) v) % 0.5, 1e-12));
    }

    @Test
    void choiceDrawsEveryValueEquallyOften() {
        Map<Object, Integer> h = histogram(Space.choice("a", "b", "c", "d"));
        assertEquals(4, h.size());
        h.values().forEach(n -> assertEquals(DRAWS / 4.0, n, DRAWS * 0.02));
    }

    @Test
    void sampleFromSeesTheConfigSoFar() {
        FunctionDomain f = Space.sampleFrom(cfg -> cfg.getInt("units") * 2);
        assertEquals(64, f.sample(new SplittableRandom(0), Config.of(Map.of("units", 32))));
    }

    @Test
    void invalidDomainsNameTheParameterAndTheValue() {
        assertMessage(() -> SearchSpace.builder().uniform("lr", 1, 1), "'lr'", "lower=1.0");
        assertMessage(() -> SearchSpace.builder().loguniform("lr", 0, 1), "'lr'", "lower=0.0");
        assertMessage(() -> SearchSpace.builder().randint("units", 8, 8), "'units'", "upper=8");
        assertMessage(() -> SearchSpace.builder().add("units", Space.lograndint(-1, 8)), "'units'", "lower=-1");
        assertMessage(() -> SearchSpace.builder().choice("act"), "'act'", "choice");
        assertMessage(() -> SearchSpace.builder().grid("act"), "'act'", "grid");
        assertMessage(() -> SearchSpace.builder().add("x", Space.quniform(0.1, 0.2, 0.5)), "'x'", "q=0.5");
        assertMessage(() -> SearchSpace.builder().add("sd", Space.randn(0, 0)), "'sd'", "sd=0.0");
    }

    /** A q-factory called on its own cannot know the parameter: its q is checked when the domain is bound to its key. */
    @Test
    void aQOfAQFactoryThatIsNotPositiveIsAnErrorNamingTheParameterItIsBoundTo() {
        assertMessage(() -> SearchSpace.builder().add("lr", Space.quniform(0, 1, 0)), "'lr'", "q=0.0");
        assertMessage(() -> SearchSpace.builder().add("lr", Space.quniform(0, 1, -0.5)), "'lr'", "q=-0.5");
        assertMessage(() -> SearchSpace.builder().add("decay", Space.qloguniform(1e-4, 1, Double.NaN)), "'decay'", "q=NaN");
        assertMessage(() -> SearchSpace.builder().add("noise", Space.qrandn(0, 1, Double.POSITIVE_INFINITY)), "'noise'", "q=Infinity");
        assertMessage(() -> SearchSpace.builder().add("units", Space.qrandint(0, 8, 0)), "'units'", "q=0");
        assertMessage(() -> SearchSpace.builder().add("layers", Space.qlograndint(1, 8, -2)), "'layers'", "q=-2");
        assertMessage(() -> SearchSpace.builder().quniform("momentum", 0, 1, 0), "'momentum'", "q=0.0");
        assertMessage(() -> SearchSpace.builder().add("opt", SearchSpace.builder().add("beta", Space.quniform(0, 1, 0)).build()), "'beta'", "q=0.0");
        assertTrue(Space.quniform(0, 1, 0.25).isQuantized() && !Space.uniform(0, 1).isQuantized());
    }

    private static void assertMessage(Supplier<?> action, String... fragments) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, action::get);
        for (String f : fragments) {
            assertTrue(e.getMessage().contains(f), () -> "'" + f + "' missing from: " + e.getMessage());
        }
    }

    @Test
    void searchSpaceFlattensNestedEntriesInOrder() {
        SearchSpace inner = SearchSpace.builder().randint("layers", 1, 4).constant("act", "relu").build();
        SearchSpace s = SearchSpace.builder().loguniform("lr", 1e-4, 1e-1).nested("model", inner).grid("bs", 16, 32).build();
        assertEquals(java.util.List.of("lr", "model/layers", "model/act", "bs"), java.util.List.copyOf(s.flatten().keySet()));
        assertEquals(java.util.List.of("lr", "model/layers", "bs"), java.util.List.copyOf(s.domains().keySet()));
        assertEquals(Map.of("model/act", "relu"), s.constants());
        assertMessage(() -> SearchSpace.builder().uniform("a/b", 0, 1), "'a/b'");
        validated(Space.uniform(0, 1));
    }

    @Test
    void containsMatchesWhatSampleProduces() {
        assertTrue(Space.randint(0, 3).contains(2));
        assertTrue(!Space.randint(0, 3).contains(3));
        assertTrue(Space.qrandint(0, 9, 3).contains(9));
        assertTrue(!Space.qrandint(0, 9, 3).contains(4));
        assertTrue(Space.uniform(0, 1).contains(0.5));
        assertTrue(Space.choice("a").contains("a"));
    }
}
