package io.jtune.engine.search.tpe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.api.Config;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.space.Space;
import io.jtune.engine.search.model.Dimension;
import io.jtune.engine.search.model.KernelMixture;
import io.jtune.engine.search.model.Observation;
import io.jtune.engine.search.model.SpaceEncoding;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * jtune's TPE scores candidates as Optuna 3.1 does. The fixture {@code tpe/tpe_reference.json} was
 * computed with Optuna's own {@code _ParzenEstimator} and {@code _split_observation_pairs} by
 * {@code tpe/tpe_reference.py} (next to it in the test resources): two observation sets (15 and 40
 * trials) over a uniform float, a log float, an integer, a stepped float and a categorical, and
 * per parameter the score log l(x) - log g(x) of each candidate, the value TPE maximises. Here the
 * same observations go through jtune's good-group split and {@link ParzenEstimator}: the same good
 * trials, the same scores (to 1e-6) and so the same ranking of the candidates, with Optuna 3.1's kernels (the
 * default) and with normalised ones ({@link TpeSettings#trueDensities()}, Optuna with optuna#5110's fix).
 */
class TpeAgreementTest {
    /** The fixture's space in jtune's terms (randint's upper bound is exclusive: Optuna's IntDistribution(1, 12)). */
    private static final SearchSpace SPACE = SearchSpace.builder()
            .uniform("u", -5, 10)
            .loguniform("lr", 1e-4, 1e-1)
            .randint("units", 1, 13)
            .add("q", Space.quniform(0, 2, 0.25))
            .choice("act", "relu", "tanh", "gelu")
            .build();
    /** jtune's normal CDF is a rational approximation (error about 1e-7), numpy's erf is exact to double precision. */
    private static final double TOLERANCE = 1e-6;

    @Test
    void goodGroupsAndCandidateScoresMatchOptunas() throws IOException {
        JsonNode fixture;
        try (InputStream in = TpeAgreementTest.class.getResourceAsStream("/tpe/tpe_reference.json")) {
            fixture = new ObjectMapper().readTree(in);
        }
        assertEquals("3.1.0", fixture.get("optuna").asText());
        for (JsonNode c : fixture.get("cases")) {
            checkCase(c, TpeSettings.defaults(), "scores");
            checkCase(c, TpeSettings.trueDensities(), "normalizedScores");
        }
    }

    /** One observation set: the good group, then each parameter's candidate scores against the fixture's {@code scoresKey}. */
    private static void checkCase(JsonNode fixture, TpeSettings settings, String scoresKey) {
        SpaceEncoding encoding = SpaceEncoding.of(SPACE, "TPE");
        SplittableRandom unused = new SplittableRandom(0); // every parameter is given: nothing is drawn
        List<Observation> all = new ArrayList<>();
        for (JsonNode o : fixture.get("observations")) {
            all.add(new Observation(encoding.encode(config(o.get("config")), unused), o.get("loss").asDouble(), all.size()));
        }
        boolean[] good = TpeSearch.goodGroup(all, settings.goodCount(all.size()));
        int[] expectedGood = toInts(fixture.get("good"));
        assertArrayEquals(expectedGood, IntStream.range(0, good.length).filter(i -> good[i]).toArray(), "good group of " + all.size() + " trials");

        List<double[]> goodXs = new ArrayList<>();
        List<double[]> badXs = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            (good[i] ? goodXs : badXs).add(all.get(i).x());
        }
        List<Dimension> dims = encoding.dimensions();
        KernelMixture below = ParzenEstimator.build(dims, goodXs, settings);
        KernelMixture above = ParzenEstimator.build(dims, badXs, settings);
        List<double[]> candidates = new ArrayList<>();
        for (JsonNode c : fixture.get("candidates")) {
            candidates.add(encoding.encode(config(c), unused));
        }
        double[][] xs = candidates.toArray(double[][]::new);
        double[][] l = below.logDensityPerDimension(xs);
        double[][] g = above.logDensityPerDimension(xs);
        for (int j = 0; j < dims.size(); j++) {
            String param = dims.get(j).path();
            double[] expected = toDoubles(fixture.get(scoresKey).get(param));
            double[] actual = new double[xs.length];
            for (int i = 0; i < xs.length; i++) {
                actual[i] = l[i][j] - g[i][j];
            }
            assertArrayEquals(expected, actual, TOLERANCE, scoresKey + " of parameter " + param + " among " + all.size() + " trials");
            assertSameOrder(expected, actual, "ranking by parameter " + param + " among " + all.size() + " trials");
        }
    }

    private static Config config(JsonNode values) {
        Map<String, Object> map = new LinkedHashMap<>();
        values.properties().forEach(e -> map.put(e.getKey(),
                e.getValue().isTextual() ? e.getValue().asText() : e.getValue().isInt() ? (Object) e.getValue().asInt() : e.getValue().asDouble()));
        return Config.of(map);
    }

    /** Wherever Optuna's scores tell two candidates apart, jtune's put them in the same order. */
    private static void assertSameOrder(double[] expected, double[] actual, String what) {
        for (int i = 0; i < expected.length; i++) {
            for (int k = 0; k < expected.length; k++) {
                if (expected[i] > expected[k] + TOLERANCE && !(actual[i] > actual[k])) {
                    throw new AssertionError(what + ": candidate " + i + " scores above " + k + " in Optuna, not in jtune: " + Arrays.toString(actual));
                }
            }
        }
    }

    private static int[] toInts(JsonNode array) {
        int[] out = new int[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(i).asInt();
        }
        return out;
    }

    private static double[] toDoubles(JsonNode array) {
        double[] out = new double[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(i).asDouble();
        }
        return out;
    }
}
