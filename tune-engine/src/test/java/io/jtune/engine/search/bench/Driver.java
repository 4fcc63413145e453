package io.jtune.engine.search.bench;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.SearchAlgorithm;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Map;

/** Drives a searcher the way the runner does, one trial at a time: suggest, evaluate, report the result. */
public final class Driver {
    /** The metric the problems report. */
    public static final String METRIC = "loss";

    private Driver() {
    }

    /** The experiment a searcher is set up with for a problem and a seed (metric "loss", mode min). */
    public static ExperimentInfo experiment(Problem problem, long seed) {
        return new ExperimentInfo("bench-" + problem.name(), Path.of("."), METRIC, Mode.MIN, problem.space(), seed);
    }

    /** Best value found in {@code evaluations} sequential trials. */
    public static double bestOf(SearchAlgorithm searcher, Problem problem, long seed, int evaluations) {
        return run(searcher, problem, seed, evaluations, null, null);
    }

    /**
     * The best value after each of {@code budgets} trials (ascending) of one run of {@code budgets[last]}
     * sequential trials; a searcher that does not know the run's length finds the same in a shorter run.
     */
    public static double[] bestAt(SearchAlgorithm searcher, Problem problem, long seed, int... budgets) {
        double[] trajectory = new double[budgets[budgets.length - 1]];
        run(searcher, problem, seed, trajectory.length, null, null, trajectory);
        return at(trajectory, budgets);
    }

    /** The entries of a best-so-far trajectory after each of {@code budgets} trials. */
    public static double[] at(double[] trajectory, int... budgets) {
        double[] best = new double[budgets.length];
        for (int i = 0; i < budgets.length; i++) {
            best[i] = trajectory[budgets[i] - 1];
        }
        return best;
    }

    /**
     * Runs {@code evaluations} sequential trials; when {@code wallNanos} and {@code cpuNanos} are
     * given, they receive the wall-clock and the thread's CPU time the searcher took per trial:
     * the suggest call plus the onTrialComplete call (where CMA-ES updates its distribution), the
     * objective excluded. CPU time is what a shared, loaded machine measures reliably. Returns the
     * best value.
     */
    public static double run(SearchAlgorithm searcher, Problem problem, long seed, int evaluations, long[] wallNanos, long[] cpuNanos) {
        return run(searcher, problem, seed, evaluations, wallNanos, cpuNanos, null);
    }

    private static double run(SearchAlgorithm searcher, Problem problem, long seed, int evaluations, long[] wallNanos, long[] cpuNanos, double[] bestSoFar) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        searcher.setup(experiment(problem, seed));
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < evaluations; i++) {
            String id = "t" + i;
            long cpu = wallNanos == null ? 0 : threads.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            Config config = searcher.suggest(id);
            long wall = System.nanoTime() - start;
            long cpuUsed = wallNanos == null ? 0 : threads.getCurrentThreadCpuTime() - cpu;
            double value = problem.function().applyAsDouble(config);
            best = Math.min(best, value);
            if (bestSoFar != null) {
                bestSoFar[i] = best;
            }
            Result result = Result.of(Map.of(METRIC, value, Result.TRAINING_ITERATION, 1));
            cpu = wallNanos == null ? 0 : threads.getCurrentThreadCpuTime();
            start = System.nanoTime();
            searcher.onTrialComplete(id, result, false);
            if (wallNanos != null) {
                wallNanos[i] = wall + System.nanoTime() - start;
                cpuNanos[i] = cpuUsed + threads.getCurrentThreadCpuTime() - cpu;
            }
        }
        return best;
    }
}
