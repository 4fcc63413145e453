package io.jtune.engine.search.bohb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.engine.search.model.Dimension;
import io.jtune.engine.schedule.HyperBandForBohb;
import io.jtune.engine.search.model.JsonArrays;
import io.jtune.engine.search.model.KernelMixture;
import io.jtune.engine.search.model.ModelBasedSearch;
import io.jtune.engine.search.model.Observation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.random.RandomGenerator;

/**
 * BOHB's model (Falkner et al. 2018, HpBandSter's {@code CG_BOHB}, Ray Tune's {@code TuneBOHB}),
 * to be run with {@link HyperBandForBohb}: registered as its listener (the {@code Tuner} does it
 * when both are in one experiment, else {@code scheduler.addListener(bohb)}), the searcher observes each trial at the milestones the
 * scheduler pauses it at, with the milestone as the budget, as Ray Tune's pair does. Without the
 * scheduler's word every result a trial reports is an observation at its budget (the
 * {@code budgetAttribute} field, training_iteration by default); once the scheduler speaks, only
 * milestones count. A suggestion uses the largest budget with enough observations: its trials are split
 * into the best {@code topNPercent} and the rest, a kernel density is fitted to each
 * ({@link BudgetKde}), {@code numSamples} candidates are drawn around good trials and the one
 * with the largest good/bad density ratio is suggested. With no budget modelled yet, and for a
 * {@code randomFraction} of suggestions, the config is random. Trials in flight join the bad
 * density with the good density's bandwidths (constant liar), so parallel suggestions spread.
 */
public final class BohbSearch extends ModelBasedSearch implements HyperBandForBohb.Listener {
    private final BohbSettings settings;
    /** Per budget, per trial, the trial's vector and loss at that budget, from reported results. */
    private final NavigableMap<Double, Map<String, Observation>> byResult = new TreeMap<>();
    /** The same from the scheduler's milestones; used alone once not empty. */
    private final NavigableMap<Double, Map<String, Observation>> byMilestone = new TreeMap<>();

    /** BOHB with HpBandSter's defaults. */
    public BohbSearch() {
        this(BohbSettings.defaults(), List.of());
    }

    public BohbSearch(BohbSettings settings) {
        this(settings, List.of());
    }

    /** @param pointsToEvaluate configs to try first, in order (partial ones are completed at random) */
    public BohbSearch(BohbSettings settings, List<Config> pointsToEvaluate) {
        super("BohbSearch", pointsToEvaluate, settings.seed());
        this.settings = settings;
    }

    @Override
    public void onTrialResult(String trialId, Result result) {
        record(byResult, trialId, result.getDouble(settings.budgetAttribute()), result);
    }

    @Override
    public void onTrialComplete(String trialId, Result lastResult, boolean error) {
        if (!error && lastResult != null) {
            onTrialResult(trialId, lastResult);
        }
        super.onTrialComplete(trialId, lastResult, error);
    }

    /** From {@link HyperBandForBohb}: the trial reached a milestone, which is its budget. */
    @Override
    public void onBudgetReached(String trialId, double budget, Result result) {
        record(byMilestone, trialId, budget, result);
    }

    private void record(Map<Double, Map<String, Observation>> into, String trialId, double budget, Result result) {
        double[] x = vectorOf(trialId);
        double value = result.getDouble(metric());
        if (x == null || Double.isNaN(budget) || Double.isNaN(value)) {
            return;
        }
        into.computeIfAbsent(budget, b -> new LinkedHashMap<>()).put(trialId, new Observation(x, lossOf(value), orderOf(trialId)));
    }

    private NavigableMap<Double, Map<String, Observation>> byBudget() {
        return byMilestone.isEmpty() ? byResult : byMilestone;
    }

    /** The largest budget whose observations can be modelled, or null. */
    Double modelBudget() {
        for (Map.Entry<Double, Map<String, Observation>> e : byBudget().descendingMap().entrySet()) {
            int n = e.getValue().size();
            if (goodCount(n) > encoding().size() && Math.min(badCount(n), n - goodCount(n)) > encoding().size()) {
                return e.getKey();
            }
        }
        return null;
    }

    private int minPoints() {
        return settings.minPointsInModel() > 0 ? settings.minPointsInModel() : encoding().size() + 1;
    }

    private int goodCount(int n) {
        return Math.max(minPoints(), settings.topNPercent() * n / 100);
    }

    private int badCount(int n) {
        return Math.max(minPoints(), (100 - settings.topNPercent()) * n / 100);
    }

    @Override
    protected double[] propose(RandomGenerator rng) {
        Double budget = modelBudget();
        if (budget == null || rng.nextDouble() < settings.randomFraction()) {
            return encoding().sampleRandom(rng);
        }
        List<Observation> ranked = new ArrayList<>(byBudget().get(budget).values());
        ranked.sort(Comparator.comparingDouble(Observation::loss).thenComparingInt(Observation::order));
        int n = ranked.size();
        int good = goodCount(n);
        List<double[]> goodXs = ranked.subList(0, good).stream().map(Observation::x).toList();
        List<double[]> badXs = ranked.subList(good, Math.min(n, good + badCount(n))).stream().map(Observation::x).toList();
        List<double[]> inFlight = pending().stream().map(Observation::x).toList();
        List<Dimension> dims = encoding().dimensions();
        double[] goodBw = BudgetKde.bandwidths(dims, goodXs, settings.minBandwidth());
        KernelMixture l = BudgetKde.density(dims, goodXs, goodBw);
        KernelMixture g = BudgetKde.density(dims, badXs, BudgetKde.bandwidths(dims, badXs, settings.minBandwidth()), inFlight, goodBw);
        double[][] candidates = BudgetKde.sampler(dims, goodXs, goodBw, settings.bandwidthFactor(), settings.minBandwidth())
                .sample(rng, settings.numSamples(), true);
        for (int i = 0; i < candidates.length; i++) {
            candidates[i] = encoding().snap(candidates[i]);
        }
        double[] logL = l.logDensityJoint(candidates);
        double[] logG = g.logDensityJoint(candidates);
        int best = 0;
        for (int i = 1; i < candidates.length; i++) {
            if (logL[i] - logG[i] > logL[best] - logG[best]) {
                best = i;
            }
        }
        return candidates[best];
    }

    @Override
    protected void saveModel(ObjectNode model) {
        save(model.putArray("budgets"), byResult);
        save(model.putArray("milestones"), byMilestone);
    }

    private static void save(ArrayNode into, Map<Double, Map<String, Observation>> observations) {
        observations.forEach((budget, trials) -> trials.forEach((id, o) -> {
            ObjectNode entry = into.addObject();
            entry.put("budget", budget);
            entry.put("trial", id);
            JsonArrays.put(entry, "x", o.x());
            entry.put("loss", o.loss());
            entry.put("order", o.order());
        }));
    }

    @Override
    protected void restoreModel(JsonNode model) {
        restore(model.path("budgets"), byResult);
        restore(model.path("milestones"), byMilestone);
    }

    private static void restore(JsonNode from, Map<Double, Map<String, Observation>> into) {
        into.clear();
        from.forEach(e -> into.computeIfAbsent(e.path("budget").asDouble(), b -> new LinkedHashMap<>())
                .put(e.path("trial").asText(), new Observation(JsonArrays.doubles(e.path("x")), e.path("loss").asDouble(), e.path("order").asInt())));
    }
}
