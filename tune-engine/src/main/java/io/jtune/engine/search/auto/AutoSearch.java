package io.jtune.engine.search.auto;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.json.Json;
import io.jtune.engine.log.LazyLogger;
import io.jtune.engine.search.StateJson;
import io.jtune.engine.search.cmaes.CmaEsSearch;
import io.jtune.engine.search.cmaes.CmaEsSettings;
import io.jtune.engine.search.gp.BayesOptSearch;
import io.jtune.engine.search.gp.BayesOptSettings;
import io.jtune.engine.search.model.Dimension;
import io.jtune.engine.search.model.SpaceEncoding;
import io.jtune.engine.search.tpe.MotpeSearch;
import io.jtune.engine.search.tpe.TpeSearch;
import io.jtune.engine.search.tpe.TpeSettings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The searcher a user does not have to choose: it picks one of jtune's model-based searchers from
 * the space and the objectives at setup, as Optuna's {@code AutoSampler} does, and may switch once
 * as the run goes:
 * <ul>
 * <li>several objectives: {@link MotpeSearch};</li>
 * <li>a conditional parameter, or more than {@link AutoSettings#gpDimensions()} dimensions of
 *     which some are categorical: {@link TpeSearch} (its defaults, Optuna 3.1's TPE);</li>
 * <li>more than {@link AutoSettings#gpDimensions()} numeric dimensions: {@link CmaEsSearch};</li>
 * <li>otherwise {@link BayesOptSearch} (its defaults; categorical parameters one-hot), and, on a
 *     numeric space, once {@link AutoSettings#switchAfter()} trials have finished,
 *     {@link CmaEsSearch} with its first mean at the best trial and its step size the spread of the
 *     best tenth of the trials (off by default: on the search suite it gained nothing consistent).</li>
 * </ul>
 * The searchers keep the seeds they derive from the experiment's (so with the same seed AutoSearch
 * suggests what the searcher it chose would), or take theirs from {@link AutoSettings#seed()}. The
 * choice and the reason are logged at INFO and saved in the searcher's state (so in
 * {@code experiment_state.json}); a restored search continues in the same phase.
 */
public final class AutoSearch implements SearchAlgorithm {
    private static final LazyLogger LOG = new LazyLogger(AutoSearch.class);
    private static final String NAME = "AutoSearch";

    private final AutoSettings settings;
    private final List<Config> pointsToEvaluate;
    private ExperimentInfo experiment;
    private String metric;
    private Mode mode;
    private String choice;
    private String reason;
    private boolean switches;
    private boolean switched;
    private SearchAlgorithm inner;
    /** Trials suggested and not finished, while a switch is ahead (their configs, to start CMA-ES at the best). */
    private final Map<String, Config> inFlight = new LinkedHashMap<>();
    private final List<Finished> finished = new ArrayList<>();

    private record Finished(Config config, double loss) {
    }

    /** AutoSearch with {@link AutoSettings#defaults()}. */
    public AutoSearch() {
        this(AutoSettings.defaults(), List.of());
    }

    public AutoSearch(AutoSettings settings) {
        this(settings, List.of());
    }

    /** @param pointsToEvaluate configs the chosen searcher tries first, in order (may be partial) */
    public AutoSearch(AutoSettings settings, List<Config> pointsToEvaluate) {
        this.settings = settings;
        this.pointsToEvaluate = List.copyOf(pointsToEvaluate);
    }

    public AutoSettings settings() {
        return settings;
    }

    /** The searcher in use ({@code "GP-BO"}, {@code "TPE"}, {@code "MOTPE"} or {@code "CMA-ES"}), after setup. */
    public String choice() {
        return choice;
    }

    @Override
    public void setup(ExperimentInfo info) {
        experiment = info;
        metric = info.requireMetric(NAME);
        mode = info.mode() == null ? Mode.MIN : info.mode();
        SpaceEncoding encoding = SpaceEncoding.of(info.space(), NAME);
        long categorical = encoding.dimensions().stream().filter(Dimension::isCategorical).count();
        if (info.isMultiObjective()) {
            choose("MOTPE", info.objectives().size() + " objectives", false, new MotpeSearch(seeded(TpeSettings.trueDensities())));
        } else if (encoding.isConditional()) {
            choose("TPE", "conditional parameters", false, new TpeSearch(seeded(TpeSettings.defaults()), pointsToEvaluate));
        } else if (encoding.size() > settings.gpDimensions() && categorical > 0) {
            choose("TPE", encoding.size() + " dimensions (more than " + settings.gpDimensions() + "), " + categorical + " of them categorical", false,
                    new TpeSearch(seeded(TpeSettings.defaults()), pointsToEvaluate));
        } else if (encoding.size() > settings.gpDimensions()) {
            CmaEsSettings cma = CmaEsSettings.defaults();
            choose("CMA-ES", encoding.size() + " numeric dimensions (more than " + settings.gpDimensions() + ")", false,
                    new CmaEsSearch(settings.seed().isPresent() ? cma.withSeed(salted(1)) : cma, pointsToEvaluate));
        } else {
            BayesOptSettings gp = BayesOptSettings.defaults();
            boolean numeric = categorical == 0;
            choose("GP-BO", encoding.size() + " dimensions" + (numeric ? "" : ", " + categorical + " of them categorical")
                    + (numeric && settings.switchAfter() > 0 ? ", CMA-ES after " + settings.switchAfter() + " trials" : ""),
                    numeric && settings.switchAfter() > 0, new BayesOptSearch(settings.seed().isPresent() ? gp.withSeed(salted(1)) : gp, pointsToEvaluate));
        }
        inner.setup(info);
        LOG.get().info("{}: {} ({})", NAME, choice, reason);
    }

    private void choose(String searcher, String why, boolean switchAhead, SearchAlgorithm algorithm) {
        choice = searcher;
        reason = why;
        switches = switchAhead;
        inner = algorithm;
    }

    private TpeSettings seeded(TpeSettings tpe) {
        return settings.seed().isPresent() ? tpe.withSeed(salted(1)) : tpe;
    }

    private long salted(long phase) {
        return settings.seed().getAsLong() ^ phase * 0x9E3779B97F4A7C15L;
    }

    @Override
    public Config suggest(String trialId) {
        if (inner == null) {
            throw new IllegalStateException(NAME + ": setup(ExperimentInfo) must be called before suggest");
        }
        if (switches && !switched && finished.size() >= settings.switchAfter()) {
            switchToCmaEs();
        }
        Config config = inner.suggest(trialId);
        if (config != null && switches && !switched) {
            inFlight.put(trialId, config);
        }
        return config;
    }

    /** CMA-ES from the best trial, its step size the spread of the best tenth (at least 5) of the trials in each range's units. */
    private void switchToCmaEs() {
        List<Finished> best = finished.stream().sorted(Comparator.comparingDouble(Finished::loss)).limit(Math.max(5, finished.size() / 10)).toList();
        SpaceEncoding encoding = SpaceEncoding.of(experiment.space(), NAME);
        SplittableRandom unused = new SplittableRandom(0); // every value is given: encode draws nothing
        double[][] xs = best.stream().map(f -> encoding.encode(f.config(), unused)).toArray(double[][]::new);
        double variance = 0;
        for (int i = 0; i < encoding.size(); i++) {
            double mean = 0;
            for (double[] x : xs) {
                mean += x[i] / xs.length;
            }
            for (double[] x : xs) {
                variance += (x[i] - mean) * (x[i] - mean) / xs.length / encoding.size();
            }
        }
        double sigma0 = Math.max(0.02, Math.min(1.0 / 6, Math.sqrt(variance)));
        startCmaEs(sigma0, best.get(0).config());
        inner.setup(experiment);
        LOG.get().info("{}: CMA-ES after {} trials, from the best (loss {}), step size {}", NAME, finished.size(), best.get(0).loss(), sigma0);
        inFlight.clear();
        finished.clear();
    }

    private void startCmaEs(double sigma0, Config x0) {
        CmaEsSettings cma = CmaEsSettings.defaults().withSigma0(sigma0);
        inner = new CmaEsSearch(settings.seed().isPresent() ? cma.withSeed(salted(2)) : cma, List.of(), x0);
        choice = "CMA-ES";
        switched = true;
    }

    @Override
    public boolean isFinished() {
        return inner.isFinished();
    }

    @Override
    public void onTrialResult(String trialId, Result result) {
        inner.onTrialResult(trialId, result);
    }

    @Override
    public void onTrialComplete(String trialId, Result lastResult, boolean error) {
        Config config = inFlight.remove(trialId);
        if (config != null && !error && lastResult != null) {
            double value = lastResult.getDouble(metric);
            if (!Double.isNaN(value)) {
                finished.add(new Finished(config, mode == Mode.MAX ? -value : value));
            }
        }
        inner.onTrialComplete(trialId, lastResult, error);
    }

    @Override
    public String saveState() {
        ObjectNode root = StateJson.object();
        root.put("searcher", NAME);
        root.put("choice", choice);
        root.put("reason", reason);
        root.put("switched", switched);
        if (switched) {
            root.put("sigma0", ((CmaEsSearch) inner).state().sigma());
        }
        root.set("inner", StateJson.parse(inner.saveState(), choice));
        ObjectNode flight = root.putObject("inFlight");
        inFlight.forEach((id, c) -> flight.set(id, Json.mapper().valueToTree(c.flatten())));
        ArrayNode done = root.putArray("finished");
        for (Finished f : finished) {
            ObjectNode node = done.addObject();
            node.set("config", Json.mapper().valueToTree(f.config().flatten()));
            node.put("loss", f.loss());
        }
        return StateJson.write(root);
    }

    @Override
    public void restoreState(String json) {
        ObjectNode root = StateJson.parse(json, NAME);
        if (!NAME.equals(root.path("searcher").asText())) {
            throw new IllegalArgumentException(NAME + ": saved state belongs to searcher '" + root.path("searcher").asText() + "', not to this one");
        }
        if (root.path("switched").asBoolean()) {
            startCmaEs(root.path("sigma0").asDouble(1.0 / 6), null);
            inner.setup(experiment);
        }
        reason = root.path("reason").asText(reason);
        inner.restoreState(StateJson.write(root.path("inner")));
        inFlight.clear();
        root.path("inFlight").properties().forEach(e -> inFlight.put(e.getKey(), configOf(e.getValue())));
        finished.clear();
        root.path("finished").forEach(f -> finished.add(new Finished(configOf(f.path("config")), f.path("loss").asDouble())));
    }

    private static Config configOf(JsonNode node) {
        Map<String, Object> flat = Json.mapper().convertValue(node, Json.mapper().getTypeFactory().constructMapType(LinkedHashMap.class, String.class, Object.class));
        return Config.unflatten(flat);
    }
}
