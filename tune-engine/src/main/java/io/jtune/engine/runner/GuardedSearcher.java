package io.jtune.engine.runner;

import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.SearchAlgorithm;

/** A searcher whose exceptions become {@link ComponentException}s naming it and the method. */
final class GuardedSearcher implements SearchAlgorithm {
    private static final String ROLE = "searcher";
    private final SearchAlgorithm searcher;

    GuardedSearcher(SearchAlgorithm searcher) {
        this.searcher = searcher;
    }

    @Override
    public void setup(ExperimentInfo experiment) {
        try {
            searcher.setup(experiment);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, searcher, "setup", e);
        }
    }

    @Override
    public Config suggest(String trialId) {
        try {
            return searcher.suggest(trialId);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, searcher, "suggest", e);
        }
    }

    @Override
    public boolean isFinished() {
        try {
            return searcher.isFinished();
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, searcher, "isFinished", e);
        }
    }

    @Override
    public void onTrialResult(String trialId, Result result) {
        try {
            searcher.onTrialResult(trialId, result);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, searcher, "onTrialResult", e);
        }
    }

    @Override
    public void onTrialComplete(String trialId, Result lastResult, boolean error) {
        try {
            searcher.onTrialComplete(trialId, lastResult, error);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, searcher, "onTrialComplete", e);
        }
    }

    @Override
    public String saveState() {
        try {
            return searcher.saveState();
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, searcher, "saveState", e);
        }
    }

    @Override
    public void restoreState(String json) {
        try {
            searcher.restoreState(json);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, searcher, "restoreState", e);
        }
    }
}
