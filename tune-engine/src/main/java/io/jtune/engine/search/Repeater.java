package io.jtune.engine.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.log.LazyLogger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs each config of a searcher {@code repeat} times (Ray Tune's {@code Repeater}, with
 * {@code set_index=True}): the trials of a group share the config plus {@value #TRIAL_INDEX}
 * (0 .. repeat-1, e.g. for seeding). The wrapped searcher sees only the group's first trial; when
 * every trial of the group has completed it hears of that trial once, with the mean of the
 * experiment metric over the group (NaN values and trials without the metric are left out, as
 * numpy's nanmean does), marked as an error only when every trial of the group failed.
 * Intermediate results are not forwarded. The total number of trials is the wrapped searcher's
 * count times {@code repeat}.
 */
public final class Repeater implements SearcherWrapper {
    /** The config key holding a trial's index within its group. */
    public static final String TRIAL_INDEX = "__trial_index__";
    private static final String NAME = "Repeater";
    private static final LazyLogger LOG = new LazyLogger(Repeater.class);

    private final SearchAlgorithm inner;
    private final int repeat;
    private final Map<String, Group> groupOf = new HashMap<>();
    private Group current;
    private String metric;

    /** The trials sharing one suggested config; scores are null until a trial completes. */
    private static final class Group {
        final String primaryId;
        final Config config;
        final Map<String, Double> scores = new LinkedHashMap<>();
        int errors;

        Group(String primaryId, Config config) {
            this.primaryId = primaryId;
            this.config = config;
        }
    }

    public Repeater(SearchAlgorithm inner, int repeat) {
        if (repeat < 1) {
            throw new IllegalArgumentException(NAME + ": repeat must be >= 1, got " + repeat);
        }
        this.inner = SearcherWrapper.requireWrapped(inner, NAME);
        this.repeat = repeat;
    }

    @Override
    public SearchAlgorithm wrapped() {
        return inner;
    }

    @Override
    public void setup(ExperimentInfo experiment) {
        metric = experiment.metric();
        inner.setup(experiment);
    }

    @Override
    public Config suggest(String trialId) {
        if (current == null || current.scores.size() == repeat) {
            Config config = inner.suggest(trialId);
            if (config == null) {
                return null;
            }
            current = new Group(trialId, config);
        }
        int index = current.scores.size();
        current.scores.put(trialId, null);
        groupOf.put(trialId, current);
        return current.config.with(TRIAL_INDEX, index);
    }

    @Override
    public boolean isFinished() {
        return inner.isFinished() && (current == null || current.scores.size() == repeat);
    }

    @Override
    public void onTrialComplete(String trialId, Result lastResult, boolean error) {
        Group group = groupOf.remove(trialId);
        if (group == null) {
            LOG.get().warn("{}: trial {} was not suggested by this searcher; ignoring its completion", NAME, trialId);
            return;
        }
        double score = metric == null || lastResult == null || !lastResult.has(metric) ? Double.NaN : lastResult.getDouble(metric);
        group.scores.put(trialId, score);
        if (error) {
            group.errors++;
        }
        if (group.scores.size() == repeat && !group.scores.containsValue(null)) {
            Result mean = metric == null ? null : Result.of(Map.of(metric, nanMean(group.scores.values())));
            inner.onTrialComplete(group.primaryId, mean, group.errors == repeat);
        }
    }

    private static double nanMean(Iterable<Double> values) {
        double sum = 0;
        int n = 0;
        for (double v : values) {
            if (!Double.isNaN(v)) {
                sum += v;
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    @Override
    public String saveState() {
        ObjectNode state = StateJson.object();
        ArrayNode groups = state.putArray("groups");
        openGroups().forEach(g -> {
            ObjectNode node = groups.addObject();
            node.put("primary", g.primaryId);
            node.set("config", StateJson.fromConfig(g.config));
            node.put("errors", g.errors);
            ObjectNode scores = node.putObject("scores");
            g.scores.forEach((id, s) -> {
                if (s == null) {
                    scores.putNull(id);
                } else {
                    scores.put(id, s);
                }
            });
            node.put("current", g == current);
        });
        StateJson.putWrapped(state, inner);
        return StateJson.write(state);
    }

    /** Groups with a trial still running or a trial still to be suggested. */
    private List<Group> openGroups() {
        List<Group> open = new ArrayList<>();
        groupOf.values().forEach(g -> {
            if (!open.contains(g)) {
                open.add(g);
            }
        });
        if (current != null && !open.contains(current) && current.scores.size() < repeat) {
            open.add(current);
        }
        return open;
    }

    @Override
    public void restoreState(String json) {
        ObjectNode state = StateJson.parse(json, NAME);
        groupOf.clear();
        current = null;
        for (JsonNode node : state.path("groups")) {
            Group g = new Group(node.get("primary").asText(), StateJson.toConfig(node.get("config")));
            g.errors = node.path("errors").asInt();
            node.get("scores").properties().forEach(e -> {
                g.scores.put(e.getKey(), e.getValue().isNull() ? null : e.getValue().asDouble());
                if (e.getValue().isNull()) {
                    groupOf.put(e.getKey(), g);
                }
            });
            if (node.path("current").asBoolean()) {
                current = g;
            }
        }
        StateJson.restoreWrapped(state, inner);
    }
}
