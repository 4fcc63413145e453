package io.jtune.engine.search.bench;

import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.search.bohb.BohbSearch;
import io.jtune.engine.search.cmaes.CmaEsSearch;
import io.jtune.engine.search.gp.BayesOptSearch;
import io.jtune.engine.search.tpe.TpeSearch;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The searcher benchmark: Branin and Hartmann-6, {@code evaluations} sequential trials for each
 * of {@code seeds} seeds (0, 1, ...): median best value and median regret per searcher; then the
 * searcher's time per trial (suggest plus onTrialComplete) on Hartmann-6 in one run of
 * {@code timingTrials} trials (thread CPU time, and wall-clock time), averaged over the 20 trials
 * before 100, 500 and 2,000 ({@code -Dat=200,1000} picks other points) and over the whole run. The Optuna side of the
 * same protocol is {@code src/test/python/optuna_bench.py}.
 *
 * <pre>
 * mvn -q -pl tune-engine -am test-compile exec:java -Dexec.skip=true -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.jtune.engine.search.bench.SearcherBenchmark [-Dexec.args="100 10 2000"]
 * </pre>
 */
public final class SearcherBenchmark {
    private static final int WINDOW = 20;

    private SearcherBenchmark() {
    }

    private static Map<String, Supplier<SearchAlgorithm>> searchers() {
        Map<String, Supplier<SearchAlgorithm>> m = new LinkedHashMap<>();
        m.put("random", RandomBaseline::new);
        m.put("TPE", TpeSearch::new);
        m.put("GP-BO", BayesOptSearch::new);
        m.put("CMA-ES", CmaEsSearch::new);
        m.put("BOHB (one budget)", BohbSearch::new);
        return m;
    }

    public static void main(String[] args) {
        int evaluations = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int seeds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int timingTrials = args.length > 2 ? Integer.parseInt(args[2]) : 2000;
        int[] checkpoints = Arrays.stream(System.getProperty("at", "100,500,2000").split(",")).mapToInt(Integer::parseInt).toArray();
        System.out.printf("quality: %d evaluations x %d seeds, medians%n", evaluations, seeds);
        for (Problem problem : List.of(Problem.branin(), Problem.hartmann6())) {
            for (Map.Entry<String, Supplier<SearchAlgorithm>> s : searchers().entrySet()) {
                double[] best = new double[seeds];
                long start = System.nanoTime();
                for (int seed = 0; seed < seeds; seed++) {
                    best[seed] = Driver.bestOf(s.getValue().get(), problem, seed, evaluations);
                }
                double median = median(best);
                System.out.printf("%-10s jtune-%-18s best %.4f  regret %.4f  (%.1f s)%n", problem.name(), s.getKey(), median,
                        median - problem.optimum(), (System.nanoTime() - start) / 1e9);
            }
        }
        System.out.printf("searcher time per trial (suggest + onTrialComplete), hartmann6, ms: thread CPU time (wall clock in brackets); "
                + "mean of the %d trials before N, and over all %d%n",
                WINDOW, timingTrials);
        for (Map.Entry<String, Supplier<SearchAlgorithm>> s : searchers().entrySet()) {
            long[] wall = new long[timingTrials];
            long[] cpu = new long[timingTrials];
            Driver.run(s.getValue().get(), Problem.hartmann6(), 0, timingTrials, wall, cpu);
            StringBuilder line = new StringBuilder(String.format("jtune-%-18s", s.getKey()));
            for (int at : checkpoints) {
                if (at <= timingTrials) {
                    line.append(String.format("  at%d %.3f (%.3f)", at, mean(cpu, at - WINDOW, at), mean(wall, at - WINDOW, at)));
                }
            }
            line.append(String.format("  mean%d %.3f (%.3f)", timingTrials, mean(cpu, 0, timingTrials), mean(wall, 0, timingTrials)));
            System.out.println(line);
        }
    }

    private static double mean(long[] nanos, int from, int to) {
        return Arrays.stream(nanos, from, to).average().orElseThrow() / 1e6;
    }

    /** The median of the values. */
    public static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
