package io.jtune.engine.search.tpe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.space.Condition;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.space.Space;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.engine.json.Json;
import io.jtune.engine.search.mo.MultiObjectiveTrials.Evaluated;
import io.jtune.engine.search.model.Dimension;
import io.jtune.engine.search.model.JsonArrays;
import io.jtune.engine.search.model.KernelMixture;
import io.jtune.engine.search.model.SpaceEncoding;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * jtune's TPE reproduces Optuna 3.1's estimator number for number. Each golden file in
 * {@code tpe-golden/} (written by {@code src/test/golden/tpe_golden.py} from Optuna 3.1's own
 * {@code _split_observation_pairs}, {@code _calculate_weights_below_for_multi_objective} and
 * {@code _ParzenEstimator}) holds a history of trials; here the same trials go through jtune:
 * single-objective histories through a {@link TpeSearch} with {@link TpeSettings#optuna()} that
 * suggests them (as points to evaluate) and is told their values (trials in flight stay in flight),
 * multi-objective ones through {@link MotpeSearch}'s split and densities. Checked: which trials are
 * good, each density's weights, low/high/step, kernel centres and bandwidths (in Optuna's
 * coordinates) and category probabilities, and log l(x), log g(x) of every candidate, each to 1e-9
 * relative (with an absolute floor of 1e-12 near zero). This preset is {@code @Tpe}'s and
 * {@code new TpeSearch()}'s default ({@link TpeSettings#defaults()} equals it); the true-density
 * option ({@link TpeSettings#trueDensities()}, {@code TpePreset.JTUNE}, {@code MotpeSearch}'s default)
 * is checked to share everything but the kernels' height.
 */
class TpeGoldenTest {
    private static final double RELATIVE = 1e-9;
    private static final double FLOOR = 1e-12;
    private static final ObjectMapper JSON = Json.mapper();
    /** The largest relative error seen per quantity, printed once at the end. */
    private static final Map<String, Double> WORST = new TreeMap<>();

    static Stream<String> goldenFiles() throws IOException, URISyntaxException {
        Path folder = Path.of(TpeGoldenTest.class.getResource("/tpe-golden").toURI());
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted().toList().stream();
        }
    }

    @Test
    void atLeastThirtyHistoriesOfEveryKind() throws Exception {
        List<String> names = goldenFiles().toList();
        assertTrue(names.size() >= 30, "golden files: " + names.size());
        for (String kind : List.of("float-", "logfloat-", "int-", "steppedint-", "cat2-", "cat10-", "mixed-", "-pending", "-noprior", "-max", "svm-", "mv-", "mo-", "motpe-")) {
            assertTrue(names.stream().anyMatch(n -> n.contains(kind)), "no golden file with " + kind);
        }
    }

    @Test
    void theDefaultIsThePinnedPreset() {
        assertEquals(TpeSettings.optuna(), TpeSettings.defaults());
        assertEquals(TpeSettings.optuna(), new TpeSearch().settings());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldenFiles")
    void reproducesOptuna31(String file) throws IOException {
        JsonNode golden = JSON.readTree(TpeGoldenTest.class.getResourceAsStream("/tpe-golden/" + file));
        assertEquals("3.1.0", golden.get("optuna").asText());
        SearchSpace space = space(golden.get("space"), golden.path("conditions"));
        TpeSettings optuna = settings(golden);
        if (golden.get("directions").size() > 1) {
            checkMultiObjective(golden, space, optuna);
        } else {
            checkSingleObjective(golden, space, optuna, true);
            checkSingleObjective(golden, space, optuna.withNormalizedKernels(true), false);
        }
    }

    @AfterAll
    static void printWorstErrors() {
        System.out.println("TpeGoldenTest: largest relative error per quantity " + WORST);
    }

    private static TpeSettings settings(JsonNode golden) {
        JsonNode s = golden.get("settings");
        return TpeSettings.optuna()
                .withConsiderPrior(s.get("considerPrior").asBoolean())
                .withPriorWeight(s.get("priorWeight").asDouble())
                .withConsiderEndpoints(s.get("considerEndpoints").asBoolean())
                .withMultivariate(s.get("multivariate").asBoolean());
    }

    /** The history through a TpeSearch: suggested as points to evaluate, finished trials told their value. */
    private static void checkSingleObjective(JsonNode golden, SearchSpace space, TpeSettings settings, boolean densitiesToo) {
        assertEquals("default", golden.get("settings").get("gamma").asText());
        assertEquals(golden.get("nBelow").asInt(), settings.goodCount(golden.get("nFinished").asInt()), "good group size");
        List<Config> configs = new ArrayList<>();
        for (JsonNode t : golden.get("trials")) {
            configs.add(config(t.get("params")));
        }
        Mode mode = golden.get("directions").get(0).asText().equals("maximize") ? Mode.MAX : Mode.MIN;
        TpeSearch search = new TpeSearch(settings, configs);
        search.setup(new ExperimentInfo("golden", Path.of("."), "value", mode, space, 1));
        for (JsonNode t : golden.get("trials")) {
            String id = "t" + t.get("number").asInt();
            search.suggest(id);
            if (t.get("state").asText().equals("COMPLETE")) {
                search.onTrialComplete(id, Result.of(Map.of("value", t.get("values").get(0).asDouble())), false);
            }
        }
        String what = golden.get("name").asText() + (settings.normalizedKernels() ? " (true-density kernels)" : "");
        SpaceEncoding encoding = SpaceEncoding.of(space, "golden");
        if (!golden.has("conditions")) {
            TpeSearch.Densities densities = search.densities();
            checkSplit(golden, densities, what);
            checkGroups(golden, encoding.dimensions(), densities.below(), densities.above(), what, densitiesToo);
            return;
        }
        for (JsonNode group : golden.get("groups")) {
            int j = index(encoding.dimensions(), group.get("params").get(0).asText());
            TpeSearch.Densities densities = search.activeDensities(j);
            checkSplit(golden, densities, what);
            checkGroup(group, List.of(encoding.dimensions().get(j)), false, densities.below(), densities.above(), what, densitiesToo);
        }
    }

    private static void checkSplit(JsonNode golden, TpeSearch.Densities densities, String what) {
        List<Integer> below = new ArrayList<>();
        List<Integer> above = new ArrayList<>();
        for (int i = 0; i < densities.trials().size(); i++) {
            (densities.good()[i] ? below : above).add(densities.trials().get(i).order());
        }
        assertEquals(ints(golden.get("below")), below, what + ": trials below");
        assertEquals(ints(golden.get("above")), above, what + ": trials above");
    }

    /** The history through MotpeSearch's split and densities. */
    private static void checkMultiObjective(JsonNode golden, SearchSpace space, TpeSettings settings) {
        SpaceEncoding encoding = SpaceEncoding.of(space, "golden");
        List<Evaluated> done = new ArrayList<>();
        for (JsonNode t : golden.get("trials")) {
            double[] x = encoding.encode(config(t.get("params")), new SplittableRandom(0));
            double[] losses = new double[golden.get("directions").size()];
            for (int k = 0; k < losses.length; k++) {
                double sign = golden.get("directions").get(k).asText().equals("maximize") ? -1 : 1;
                losses[k] = sign * t.get("values").get(k).asDouble();
            }
            done.add(new Evaluated(x, losses, t.get("number").asInt()));
        }
        boolean motpeSampler = golden.get("settings").get("gamma").asText().equals("motpe");
        MotpeSearch.Densities densities;
        if (motpeSampler) {
            // MOTPESampler's rules are MotpeSearch's own: floor(0.1 n) good trials, equal weights above
            assertEquals(TpeSettings.optunaMotpe(), settings.withConsiderEndpoints(true), "MOTPESampler's settings");
            densities = MotpeSearch.densities(encoding.dimensions(), done, settings);
        } else {
            // TPESampler with several objectives: its own gamma and age weights above, the same split and contribution weights
            int good = TpeSettings.defaults().goodCount(done.size());
            densities = MotpeSearch.densities(encoding.dimensions(), done, good, ParzenEstimator.observationWeights(done.size() - good), settings);
        }
        String what = golden.get("name").asText();
        List<Integer> below = Arrays.stream(densities.good()).map(i -> done.get(i).order()).boxed().toList();
        assertEquals(ints(golden.get("belowInSplitOrder")), below, what + ": trials below, in the order they were chosen");
        checkGroups(golden, encoding.dimensions(), densities.below(), densities.above(), what, true);
    }

    /** Every group (one parameter, or all jointly when multivariate) of the golden file against jtune's two densities. */
    private static void checkGroups(JsonNode golden, List<Dimension> dims, KernelMixture below, KernelMixture above, String what, boolean logDensities) {
        boolean joint = golden.get("kind").asText().equals("multivariate");
        for (JsonNode group : golden.get("groups")) {
            checkGroup(group, dims, joint, below, above, what, logDensities);
        }
    }

    private static void checkGroup(JsonNode group, List<Dimension> dims, boolean joint, KernelMixture below, KernelMixture above, String what,
                                   boolean logDensities) {
        checkEstimator(group.get("below"), below, dims, what + " below");
        checkEstimator(group.get("above"), above, dims, what + " above");
        if (!logDensities) {
            return;
        }
        double[][] xs = candidates(group, dims);
        if (joint) {
            close("logL", JsonArrays.doubles(group.get("logL")), below.logDensityJoint(xs), 1, what + " log l(x)");
            close("logG", JsonArrays.doubles(group.get("logG")), above.logDensityJoint(xs), 1, what + " log g(x)");
        } else {
            int j = index(dims, group.get("params").get(0).asText());
            close("logL", JsonArrays.doubles(group.get("logL")), column(below.logDensityPerDimension(xs), j), 1, what + " log l(x) of " + dims.get(j).path());
            close("logG", JsonArrays.doubles(group.get("logG")), column(above.logDensityPerDimension(xs), j), 1, what + " log g(x) of " + dims.get(j).path());
        }
    }

    private static void checkEstimator(JsonNode expected, KernelMixture actual, List<Dimension> dims, String what) {
        close("weights", JsonArrays.doubles(expected.get("weights")), actual.weights(), 1, what + ": weights");
        expected.get("params").properties().forEach(e -> {
            int j = index(dims, e.getKey());
            Dimension d = dims.get(j);
            JsonNode p = e.getValue();
            String of = what + " of " + d.path();
            if (p.has("categoricalWeights")) {
                double[][] probs = actual.categoryProbabilities(j);
                assertEquals(p.get("categoricalWeights").size(), probs.length, of + ": kernels");
                for (int k = 0; k < probs.length; k++) {
                    close("categorical probabilities", JsonArrays.doubles(p.get("categoricalWeights").get(k)), probs[k], 1, of + ": category probabilities of kernel " + k);
                }
                return;
            }
            double range = d.hi() - d.lo();
            close("low/high/step", new double[] {p.get("low").asDouble(), p.get("high").asDouble(), p.get("q").isNull() ? 0 : p.get("q").asDouble()},
                    new double[] {d.lo(), d.hi(), d.unitStep() * range}, range, of + ": low, high, step");
            double[] mus = actual.centres(j);
            double[] sigmas = actual.bandwidths(j);
            for (int k = 0; k < mus.length; k++) {
                mus[k] = d.lo() + mus[k] * range;
                sigmas[k] *= range;
            }
            close("mus", JsonArrays.doubles(p.get("mus")), mus, range, of + ": kernel centres");
            close("sigmas", JsonArrays.doubles(p.get("sigmas")), sigmas, range, of + ": kernel bandwidths");
        });
    }

    /** The candidates as jtune vectors (unit coordinates, category indices); dimensions the group leaves out at 0. */
    private static double[][] candidates(JsonNode group, List<Dimension> dims) {
        JsonNode c = group.get("candidates");
        int n = group.get("logL").size();
        double[][] xs = new double[n][dims.size()];
        c.properties().forEach(e -> {
            int j = index(dims, e.getKey());
            Dimension d = dims.get(j);
            for (int i = 0; i < n; i++) {
                double v = e.getValue().get(i).asDouble();
                xs[i][j] = d.isCategorical() ? v : ((d.log() ? Math.log(v) : v) - d.lo()) / (d.hi() - d.lo());
            }
        });
        return xs;
    }

    /** Each actual value within 1e-9 of the expected one, relative, or 1e-12 times {@code scale} near zero. */
    private static void close(String quantity, double[] expected, double[] actual, double scale, String what) {
        assertEquals(expected.length, actual.length, what + ": count");
        for (int i = 0; i < expected.length; i++) {
            double error = Math.abs(actual[i] - expected[i]);
            WORST.merge(quantity, error / Math.max(Math.abs(expected[i]), FLOOR / RELATIVE * scale), Math::max);
            if (!(error <= Math.max(RELATIVE * Math.abs(expected[i]), FLOOR * scale))) {
                throw new AssertionError(what + " [" + i + "]: Optuna 3.1 " + expected[i] + ", jtune " + actual[i]
                        + "\n  expected " + Arrays.toString(expected) + "\n  actual   " + Arrays.toString(actual));
            }
        }
    }

    /** The golden space in jtune's terms; {@code conditions} names, per conditional parameter, its parent and the values that make it active. */
    private static SearchSpace space(JsonNode params, JsonNode conditions) {
        SearchSpace.Builder b = SearchSpace.builder();
        params.properties().forEach(e -> {
            JsonNode d = e.getValue();
            String name = e.getKey();
            Condition when = null;
            if (conditions.has(name)) {
                Map.Entry<String, JsonNode> parent = conditions.get(name).properties().iterator().next();
                List<Object> values = new ArrayList<>();
                parent.getValue().forEach(v -> values.add(value(v)));
                when = Condition.of(parent.getKey(), values.toArray());
            }
            switch (d.get("type").asText()) {
                case "categorical" -> {
                    List<Object> choices = new ArrayList<>();
                    d.get("choices").forEach(c -> choices.add(value(c)));
                    add(b, name, Space.choice(choices), when);
                }
                case "int" -> {
                    int low = d.get("low").asInt();
                    int high = d.get("high").asInt();
                    int step = d.get("step").asInt();
                    add(b, name, d.get("log").asBoolean() ? Space.lograndint(low, high + 1)
                            : step == 1 ? Space.randint(low, high + 1) : Space.qrandint(low, high, step), when);
                }
                default -> {
                    double low = d.get("low").asDouble();
                    double high = d.get("high").asDouble();
                    add(b, name, d.get("log").asBoolean() ? Space.loguniform(low, high)
                            : d.get("step").isNull() ? Space.uniform(low, high) : Space.quniform(low, high, d.get("step").asDouble()), when);
                }
            }
        });
        return b.build();
    }

    private static void add(SearchSpace.Builder b, String name, Object domain, Condition when) {
        if (when == null) {
            b.add(name, domain);
        } else {
            b.add(name, domain, when);
        }
    }

    private static Config config(JsonNode params) {
        Map<String, Object> map = new LinkedHashMap<>();
        params.properties().forEach(e -> map.put(e.getKey(), value(e.getValue())));
        return Config.of(map);
    }

    private static Object value(JsonNode v) {
        return v.isTextual() ? v.asText() : v.isBoolean() ? v.asBoolean() : v.isInt() ? (Object) v.asInt() : v.asDouble();
    }

    private static int index(List<Dimension> dims, String path) {
        for (int j = 0; j < dims.size(); j++) {
            if (dims.get(j).path().equals(path)) {
                return j;
            }
        }
        throw new AssertionError("golden parameter " + path + " is not in the space");
    }

    private static double[] column(double[][] rows, int j) {
        return Arrays.stream(rows).mapToDouble(r -> r[j]).toArray();
    }

    private static List<Integer> ints(JsonNode array) {
        List<Integer> out = new ArrayList<>();
        array.forEach(v -> out.add(v.asInt()));
        return out;
    }
}
