package io.jtune.engine.testing;

import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.spi.SearchAlgorithm;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A test searcher handing out fixed configs in order, recording what it is told. */
public class ListSearcher implements SearchAlgorithm {
    private final List<Config> configs;
    private int next;
    public final Map<String, List<Result>> results = new LinkedHashMap<>();
    public final Map<String, Boolean> completedWithError = new LinkedHashMap<>();
    public final List<String> suggestedIds = new ArrayList<>();

    public ListSearcher(List<Config> configs) {
        this.configs = List.copyOf(configs);
    }

    public static ListSearcher of(int n, String key) {
        List<Config> configs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            configs.add(Config.of(Map.of(key, i)));
        }
        return new ListSearcher(configs);
    }

    @Override
    public Config suggest(String trialId) {
        if (next >= configs.size()) {
            return null;
        }
        suggestedIds.add(trialId);
        return configs.get(next++);
    }

    @Override
    public boolean isFinished() {
        return next >= configs.size();
    }

    @Override
    public String saveState() {
        return "{\"next\": " + next + "}";
    }

    @Override
    public void restoreState(String json) {
        next = Integer.parseInt(json.replaceAll("[^0-9]", ""));
    }

    @Override
    public void onTrialResult(String trialId, Result result) {
        results.computeIfAbsent(trialId, k -> new ArrayList<>()).add(result);
    }

    @Override
    public void onTrialComplete(String trialId, Result lastResult, boolean error) {
        completedWithError.put(trialId, error);
    }
}
