package io.jtune.engine.search.cmaes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.api.Config;
import io.jtune.engine.search.model.Dimension;
import io.jtune.engine.search.model.JsonArrays;
import io.jtune.engine.search.model.ModelBasedSearch;
import io.jtune.engine.search.model.Observation;
import io.jtune.engine.search.model.SpaceEncoding;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * CMA-ES (covariance matrix adaptation evolution strategy) in ask/tell form, as Optuna's
 * {@code CmaEsSampler}: each suggestion is drawn from the current distribution (so parallel
 * trials never collapse on one point), and once a generation's {@code lambda} trials are done
 * the distribution is updated ({@link CmaState}). Results of trials drawn from an older
 * generation are ignored. Numeric spaces only (log domains in log space; integers and quantised
 * floats rounded); a choice or grid parameter is rejected at setup, naming it.
 */
public final class CmaEsSearch extends ModelBasedSearch {
    private static final long RESTART_SALT = 0xC3A_E5L << 40;

    private final CmaEsSettings settings;
    private final Config x0;
    private CmaState state;
    private int restartsLeft;
    private int tellCount;
    private final Map<Integer, Integer> generationOf = new HashMap<>();
    private final List<Observation> generationResults = new ArrayList<>();

    /** CMA-ES with the defaults of {@link CmaEsSettings#defaults()}. */
    public CmaEsSearch() {
        this(CmaEsSettings.defaults(), List.of());
    }

    public CmaEsSearch(CmaEsSettings settings) {
        this(settings, List.of());
    }

    /** @param pointsToEvaluate configs to try first, in order (they are evaluated but do not update the distribution) */
    public CmaEsSearch(CmaEsSettings settings, List<Config> pointsToEvaluate) {
        this(settings, pointsToEvaluate, null);
    }

    /**
     * @param pointsToEvaluate configs to try first, in order (they are evaluated but do not update the distribution)
     * @param x0               the first distribution's mean (Optuna's {@code x0}; may be partial: missing values
     *                         are the centre of their range), or null for the centre of the space
     */
    public CmaEsSearch(CmaEsSettings settings, List<Config> pointsToEvaluate, Config x0) {
        super("CmaEsSearch", pointsToEvaluate, settings.seed());
        this.settings = settings;
        this.x0 = x0;
    }

    @Override
    protected void onSetup(SpaceEncoding encoding) {
        for (Dimension d : encoding.dimensions()) {
            if (d.isCategorical()) {
                throw new IllegalArgumentException("CmaEsSearch searches numeric spaces only, but parameter '" + d.path() + "' is a "
                        + d.domain().getClass().getSimpleName() + " " + d.choices() + ": use TpeSearch or BayesOptSearch for this space");
            }
        }
        int n = encoding.size();
        double[] centre = new double[n];
        Arrays.fill(centre, 0.5);
        if (x0 != null) {
            Map<String, Object> mean = x0.flatten();
            for (int i = 0; i < n; i++) {
                Object v = mean.get(encoding.dimension(i).path());
                if (v != null) {
                    centre[i] = encoding.dimension(i).toUnit(v);
                }
            }
        }
        int lambda = settings.populationSize() > 0 ? settings.populationSize() : CmaParameters.defaultPopulation(n);
        state = new CmaState(CmaParameters.of(n, lambda), centre, settings.sigma0());
        restartsLeft = settings.restarts();
    }

    /** The current search distribution. */
    public CmaState state() {
        return state;
    }

    @Override
    protected double[] propose(RandomGenerator rng) {
        generationOf.put(suggestedCount(), tellCount);
        return state.ask(rng);
    }

    @Override
    protected void onObservation(Observation observation) {
        Integer generation = generationOf.remove(observation.order());
        if (generation == null || generation != tellCount) {
            return;
        }
        generationResults.add(observation);
        if (generationResults.size() < state.parameters().lambda()) {
            return;
        }
        double[][] xs = generationResults.stream().map(Observation::x).toArray(double[][]::new);
        double[] losses = generationResults.stream().mapToDouble(Observation::loss).toArray();
        state.tell(xs, losses);
        generationResults.clear();
        tellCount++;
        generationOf.values().removeIf(g -> g < tellCount);
        if (state.converged() && restartsLeft > 0) {
            restart();
        }
    }

    /** IPOP: a fresh distribution at a random mean with twice the population. */
    private void restart() {
        restartsLeft--;
        RandomGenerator rng = randomFor(RESTART_SALT + tellCount);
        double[] mean = new double[state.mean().length];
        for (int i = 0; i < mean.length; i++) {
            mean[i] = rng.nextDouble();
        }
        state = new CmaState(CmaParameters.of(mean.length, 2 * state.parameters().lambda()), mean, settings.sigma0());
    }

    @Override
    protected void saveModel(ObjectNode model) {
        state.save(model.putObject("distribution"));
        model.put("restartsLeft", restartsLeft);
        model.put("tellCount", tellCount);
        ObjectNode generations = model.putObject("generationOf");
        generationOf.forEach((order, g) -> generations.put(Integer.toString(order), g));
        JsonArrays.put(model, "resultLosses", generationResults.stream().mapToDouble(Observation::loss).toArray());
        JsonArrays.put(model, "resultXs", generationResults.stream().map(Observation::x).toArray(double[][]::new));
        JsonArrays.put(model, "resultOrders", generationResults.stream().mapToDouble(Observation::order).toArray());
    }

    @Override
    protected void restoreModel(JsonNode model) {
        state = CmaState.restore(model.path("distribution"));
        restartsLeft = model.path("restartsLeft").asInt();
        tellCount = model.path("tellCount").asInt();
        generationOf.clear();
        model.path("generationOf").properties().forEach(e -> generationOf.put(Integer.parseInt(e.getKey()), e.getValue().asInt()));
        generationResults.clear();
        double[] losses = JsonArrays.doubles(model.path("resultLosses"));
        double[][] xs = JsonArrays.matrix(model.path("resultXs"));
        double[] orders = JsonArrays.doubles(model.path("resultOrders"));
        for (int i = 0; i < losses.length; i++) {
            generationResults.add(new Observation(xs[i], losses[i], (int) orders[i]));
        }
    }
}
