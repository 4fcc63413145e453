package io.jtune.engine.search.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.json.Json;
import io.jtune.engine.log.LazyLogger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * What every model-based searcher shares: the metric and mode from the experiment (lower loss is
 * better inside), the encoded space, {@code points_to_evaluate} suggested first, the trials in
 * flight (for a constant liar or a kriging believer), the finished observations, a random stream
 * per suggestion derived from the seed (so a restored search continues exactly), and JSON state. A
 * subclass proposes the next vector and may keep model state of its own.
 */
public abstract class ModelBasedSearch implements SearchAlgorithm {
    private static final LazyLogger LOG = new LazyLogger(ModelBasedSearch.class);
    private static final ObjectMapper JSON = Json.mapper();

    private final String name;
    private final List<Config> pointsToEvaluate;
    private final OptionalLong seedOverride;

    private SpaceEncoding encoding;
    private String metric;
    private Mode mode;
    private long seed;
    private int suggested;
    private int pointsUsed;
    private final Map<String, Observation> pending = new LinkedHashMap<>();
    private final List<Observation> observations = new ArrayList<>();

    /**
     * @param name             the searcher's name, used in errors and to derive its seed
     * @param pointsToEvaluate configs to suggest first, in order (may be partial)
     * @param seed             a seed of its own, or empty to derive one from the experiment's
     */
    protected ModelBasedSearch(String name, List<Config> pointsToEvaluate, OptionalLong seed) {
        this.name = name;
        this.pointsToEvaluate = List.copyOf(pointsToEvaluate);
        this.seedOverride = seed;
    }

    @Override
    public final void setup(ExperimentInfo experiment) {
        metric = experiment.requireMetric(name);
        mode = experiment.mode() == null ? Mode.MIN : experiment.mode();
        encoding = SpaceEncoding.of(experiment.space(), name);
        PointsToEvaluate.validate(pointsToEvaluate, encoding, name);
        seed = seedOverride.orElse(experiment.seedFor(name));
        onSetup(encoding);
    }

    /** Called at the end of {@link #setup}: check the space, size the model. */
    protected void onSetup(SpaceEncoding encoding) {
    }

    /**
     * True when the model learns each conditional dimension only from the trials where it was
     * active: the observed vectors then hold NaN for inactive coordinates
     * ({@link SpaceEncoding#maskInactive}). False (the default): inactive coordinates keep the value
     * proposed, which the config left out.
     */
    protected boolean modelsConditions() {
        return false;
    }

    /** The next vector to try (each coordinate as {@link SpaceEncoding} defines it). */
    protected abstract double[] propose(RandomGenerator rng);

    @Override
    public final Config suggest(String trialId) {
        if (encoding == null) {
            throw new IllegalStateException(name + ": setup(ExperimentInfo) must be called before suggest");
        }
        RandomGenerator rng = randomFor(suggested);
        Config config;
        double[] x;
        if (pointsUsed < pointsToEvaluate.size()) {
            Config point = pointsToEvaluate.get(pointsUsed++);
            x = encoding.encode(point, rng);
            Map<String, Object> values = new LinkedHashMap<>(point.flatten());
            for (int i = 0; i < x.length; i++) {
                values.putIfAbsent(encoding.dimension(i).path(), encoding.dimension(i).toValue(x[i]));
            }
            config = encoding.resolve(values, rng);
        } else {
            x = encoding.snap(propose(rng));
            config = encoding.decode(x, rng);
        }
        pending.put(trialId, new Observation(modelsConditions() ? encoding.maskInactive(x) : x, Double.NaN, suggested));
        suggested++;
        return config;
    }

    @Override
    public boolean isFinished() {
        return false;
    }

    @Override
    public void onTrialComplete(String trialId, Result lastResult, boolean error) {
        Observation trial = pending.remove(trialId);
        if (trial == null) {
            return;
        }
        double value = lastResult == null ? Double.NaN : lastResult.getDouble(metric);
        if (error || Double.isNaN(value)) {
            LOG.get().debug("{}: trial {} ended without a value of '{}' and is not modelled", name, trialId, metric);
            return;
        }
        Observation done = new Observation(trial.x(), lossOf(value), trial.order());
        int at = observations.size();
        while (at > 0 && observations.get(at - 1).order() > done.order()) {
            at--;
        }
        observations.add(at, done);
        onObservation(done);
    }

    /** Called after a finished trial joined {@link #observations()}. */
    protected void onObservation(Observation observation) {
    }

    /** The metric's value as a loss: itself in min mode, negated in max mode. */
    protected final double lossOf(double metricValue) {
        return mode == Mode.MAX ? -metricValue : metricValue;
    }

    protected final String metric() {
        return metric;
    }

    protected final String name() {
        return name;
    }

    protected final SpaceEncoding encoding() {
        return encoding;
    }

    /** Finished trials with a value, in the order they were suggested. */
    protected final List<Observation> observations() {
        return Collections.unmodifiableList(observations);
    }

    /** Vectors of the trials suggested and not finished yet (their loss is NaN). */
    protected final List<Observation> pending() {
        return List.copyOf(pending.values());
    }

    /** The order of the vector a trial was given, or -1 when it is not in flight. */
    protected final int orderOf(String trialId) {
        Observation trial = pending.get(trialId);
        return trial == null ? -1 : trial.order();
    }

    /** The vector a trial in flight was given, or null. */
    protected final double[] vectorOf(String trialId) {
        Observation trial = pending.get(trialId);
        return trial == null ? null : trial.x();
    }

    /** How many suggestions were made so far. */
    protected final int suggestedCount() {
        return suggested;
    }

    /** A random stream of its own for a purpose (e.g. a model refit), derived from the seed and a salt. */
    protected final RandomGenerator randomFor(long salt) {
        return new SplittableRandom(seed ^ (salt + 1) * 0x9E3779B97F4A7C15L);
    }

    /** The subclass's model state, saved with the searcher's (an empty object when it has none). */
    protected void saveModel(ObjectNode model) {
    }

    /** Restores what {@link #saveModel} wrote. */
    protected void restoreModel(JsonNode model) {
    }

    @Override
    public final String saveState() {
        ObjectNode root = JSON.createObjectNode();
        root.put("searcher", name);
        root.put("suggested", suggested);
        root.put("pointsUsed", pointsUsed);
        ArrayNode done = root.putArray("observations");
        observations.forEach(o -> done.add(toJson(o)));
        ObjectNode inFlight = root.putObject("pending");
        pending.forEach((id, o) -> inFlight.set(id, toJson(o)));
        saveModel(root.putObject("model"));
        return root.toString();
    }

    @Override
    public final void restoreState(String json) {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(name + ": saved searcher state is not valid JSON: " + e.getOriginalMessage(), e);
        }
        if (!name.equals(root.path("searcher").asText())) {
            throw new IllegalArgumentException(name + ": saved state belongs to searcher '" + root.path("searcher").asText() + "', not to this one");
        }
        suggested = root.path("suggested").asInt();
        pointsUsed = root.path("pointsUsed").asInt();
        observations.clear();
        root.path("observations").forEach(o -> observations.add(fromJson(o)));
        pending.clear();
        root.path("pending").properties().forEach(e -> pending.put(e.getKey(), fromJson(e.getValue())));
        restoreModel(root.path("model"));
    }

    private static ObjectNode toJson(Observation o) {
        ObjectNode node = JSON.createObjectNode();
        JsonArrays.put(node, "x", o.x());
        if (!Double.isNaN(o.loss())) {
            node.put("loss", o.loss());
        }
        node.put("order", o.order());
        return node;
    }

    private static Observation fromJson(JsonNode node) {
        return new Observation(JsonArrays.doubles(node.path("x")), node.has("loss") ? node.get("loss").asDouble() : Double.NaN, node.path("order").asInt());
    }
}
