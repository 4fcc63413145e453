package io.jtune.engine.runner.guard;

import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.SearchAlgorithm;
import java.util.HashSet;
import java.util.Set;

/**
 * A searcher whose exceptions become {@link ComponentException}s naming it and the method. Trials
 * it did not suggest (added through {@link io.jtune.engine.runner.RunnerControl}) are kept from it.
 */
public final class GuardedSearcher implements SearchAlgorithm {
    private static final String ROLE = "searcher";
    private final SearchAlgorithm searcher;
    private final Set<String> notSuggested = new HashSet<>();

    public GuardedSearcher(SearchAlgorithm searcher) {
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

    /** The searcher hears nothing of this trial. */
    public void ignore(String trialId) {
        notSuggested.add(trialId);
    }

    @Override
    public void onTrialResult(String trialId, Result result) {
        if (!notSuggested.isEmpty() && notSuggested.contains(trialId)) {
            return;
        }
        try {
            searcher.onTrialResult(trialId, result);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, searcher, "onTrialResult", e);
        }
    }

    @Override
    public void onTrialComplete(String trialId, Result lastResult, boolean error) {
        if (!notSuggested.isEmpty() && notSuggested.contains(trialId)) {
            return;
        }
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
