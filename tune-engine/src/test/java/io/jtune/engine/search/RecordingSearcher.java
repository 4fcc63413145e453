package io.jtune.engine.search;

import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.SearchAlgorithm;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A searcher giving {@code {"n": 0}}, {@code {"n": 1}}, ... up to a limit and recording every call. */
final class RecordingSearcher implements SearchAlgorithm {
    final List<String> calls = new ArrayList<>();
    private final int limit;
    private int next;
    ExperimentInfo experiment;

    RecordingSearcher(int limit) {
        this.limit = limit;
    }

    @Override
    public void setup(ExperimentInfo info) {
        experiment = info;
    }

    @Override
    public Config suggest(String trialId) {
        if (next >= limit) {
            return null;
        }
        calls.add("suggest " + trialId);
        return Config.of(Map.of("n", next++));
    }

    @Override
    public boolean isFinished() {
        return next >= limit;
    }

    @Override
    public void onTrialResult(String trialId, Result result) {
        calls.add("result " + trialId);
    }

    @Override
    public void onTrialComplete(String trialId, Result lastResult, boolean error) {
        calls.add("complete " + trialId + " " + (lastResult == null ? null : lastResult.asMap()) + (error ? " error" : ""));
    }

    @Override
    public String saveState() {
        return "{\"next\":" + next + "}";
    }

    @Override
    public void restoreState(String json) {
        next = StateJson.parse(json, "RecordingSearcher").path("next").asInt();
    }
}
