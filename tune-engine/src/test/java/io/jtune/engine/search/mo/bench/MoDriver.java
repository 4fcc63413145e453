package io.jtune.engine.search.mo.bench;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.search.mo.Hypervolume;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Drives a searcher on a multi-objective problem as the runner does, one trial at a time; returns the hypervolume of what it found. */
public final class MoDriver {
    private MoDriver() {
    }

    public static ExperimentInfo experiment(MoProblem problem, long seed) {
        return new ExperimentInfo("bench-" + problem.name(), Path.of("."), problem.metrics().get(0), Mode.MIN, problem.space(), seed, problem.objectives());
    }

    /** Reports the problem's values at {@code config} as trial {@code id}'s last result; returns them. */
    public static double[] complete(SearchAlgorithm searcher, MoProblem problem, String id, Config config) {
        double[] f = problem.function().apply(config);
        Map<String, Object> metrics = new LinkedHashMap<>();
        for (int k = 0; k < f.length; k++) {
            metrics.put(problem.metrics().get(k), f[k]);
        }
        metrics.put(Result.TRAINING_ITERATION, 1);
        searcher.onTrialComplete(id, Result.of(metrics), false);
        return f;
    }

    /** The hypervolume, against the problem's reference point, of the front of {@code evaluations} sequential trials. */
    public static double hypervolume(SearchAlgorithm searcher, MoProblem problem, long seed, int evaluations) {
        searcher.setup(experiment(problem, seed));
        List<double[]> found = new ArrayList<>();
        for (int i = 0; i < evaluations; i++) {
            String id = "t" + i;
            found.add(complete(searcher, problem, id, searcher.suggest(id)));
        }
        return Hypervolume.of(found, problem.reference());
    }
}
