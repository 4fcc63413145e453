package io.jtune.engine.search.mo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.engine.search.mo.MultiObjectiveTrials.Evaluated;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * NSGA-II (Deb et al. 2002) as Optuna's {@code NSGAIISampler}, for experiments with several
 * metrics ({@code Tuner.metrics}). Trials are numbered in suggestion order into generations of
 * {@code populationSize}; generation 0 is random. The parents of generation g are the elite of
 * generation g-1's finished trials together with generation g-1's parents: whole non-dominated
 * fronts while they fit, the last one cut by crowding distance (largest first). Each child takes
 * two parents, each the winner by dominance of two drawn at random (the first when neither
 * dominates); with {@code crossoverProb} every parameter comes from the second parent with
 * {@code swappingProb} (uniform crossover), else the child copies the first; then each parameter
 * is drawn afresh with {@code mutationProb}. Works over every domain of the space (encoded as
 * {@link io.jtune.engine.search.model.SpaceEncoding} does). Draws come from the seed and the trial's number, so a restored
 * search continues exactly; the state is JSON.
 */
public final class NsgaIISearch extends MultiObjectiveSearch {
    private static final String NAME = "NsgaIISearch";

    private final NsgaIISettings settings;
    /** Parent population of each generation (trial numbers), fixed when first needed. */
    private final Map<Integer, List<Integer>> parents = new HashMap<>();

    public NsgaIISearch() {
        this(NsgaIISettings.defaults());
    }

    public NsgaIISearch(NsgaIISettings settings) {
        super(NAME, settings.seed());
        this.settings = settings;
    }

    @Override
    protected double[] propose(int order, List<Evaluated> finishedTrials, RandomGenerator rng) {
        List<Evaluated> population = parentPopulation(order / settings.populationSize(), finishedTrials);
        return population.size() < 2 ? encoding().sampleRandom(rng) : child(population, rng);
    }

    private double[] child(List<Evaluated> population, RandomGenerator rng) {
        double[] first = tournament(population, rng).x();
        double[] second = tournament(population, rng).x();
        double[] x = first.clone();
        if (rng.nextDouble() < settings.crossoverProb()) {
            for (int j = 0; j < x.length; j++) {
                if (rng.nextDouble() < settings.swappingProb()) {
                    x[j] = second[j];
                }
            }
        }
        double mutation = Double.isNaN(settings.mutationProb()) ? 1.0 / Math.max(1, x.length) : settings.mutationProb();
        double[] fresh = encoding().sampleRandom(rng);
        for (int j = 0; j < x.length; j++) {
            if (rng.nextDouble() < mutation) {
                x[j] = fresh[j];
            }
        }
        return x;
    }

    private static Evaluated tournament(List<Evaluated> population, RandomGenerator rng) {
        Evaluated a = population.get(rng.nextInt(population.size()));
        Evaluated b = population.get(rng.nextInt(population.size()));
        return Pareto.dominates(b.losses(), a.losses()) ? b : a;
    }

    /** The parents of generation {@code g} (empty for generation 0). */
    private List<Evaluated> parentPopulation(int g, List<Evaluated> finished) {
        if (g == 0) {
            return List.of();
        }
        List<Integer> orders = parents.get(g);
        if (orders == null) {
            List<Evaluated> candidates = new ArrayList<>(parentPopulation(g - 1, finished));
            int from = (g - 1) * settings.populationSize();
            int to = g * settings.populationSize();
            finished.stream().filter(e -> e.order() >= from && e.order() < to).forEach(candidates::add);
            orders = elite(candidates).stream().map(Evaluated::order).toList();
            parents.put(g, orders);
        }
        Map<Integer, Evaluated> byOrder = new HashMap<>();
        finished.forEach(e -> byOrder.put(e.order(), e));
        return orders.stream().map(byOrder::get).toList();
    }

    /** Whole fronts while they fit, the last cut by crowding distance (largest first, ties in trial order). */
    private List<Evaluated> elite(List<Evaluated> candidates) {
        List<Evaluated> out = new ArrayList<>();
        for (List<Integer> front : Pareto.fronts(candidates.stream().map(Evaluated::losses).toList())) {
            int room = settings.populationSize() - out.size();
            if (room <= 0) {
                break;
            }
            if (front.size() <= room) {
                front.forEach(i -> out.add(candidates.get(i)));
                continue;
            }
            double[] crowding = Pareto.crowdingDistances(front.stream().map(i -> candidates.get(i).losses()).toList());
            List<Integer> ranked = new ArrayList<>();
            for (int r = 0; r < front.size(); r++) {
                ranked.add(r);
            }
            ranked.sort(Comparator.comparingDouble((Integer r) -> -crowding[r]).thenComparingInt(r -> candidates.get(front.get(r)).order()));
            ranked.subList(0, room).forEach(r -> out.add(candidates.get(front.get(r))));
        }
        return out;
    }

    @Override
    protected void saveModel(ObjectNode root) {
        ObjectNode generations = root.putObject("parents");
        parents.forEach((g, orders) -> {
            ArrayNode a = generations.putArray(Integer.toString(g));
            orders.forEach(a::add);
        });
    }

    @Override
    protected void restoreModel(JsonNode root) {
        parents.clear();
        root.path("parents").properties().forEach(e -> {
            List<Integer> orders = new ArrayList<>();
            e.getValue().forEach(o -> orders.add(o.asInt()));
            parents.put(Integer.parseInt(e.getKey()), orders);
        });
    }
}
