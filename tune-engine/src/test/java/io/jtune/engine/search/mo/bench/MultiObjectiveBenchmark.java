package io.jtune.engine.search.mo.bench;

import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.search.bench.RandomBaseline;
import io.jtune.engine.search.mo.NsgaIISearch;
import io.jtune.engine.search.tpe.MotpeSearch;
import io.jtune.engine.search.bench.SearcherBenchmark;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The multi-objective benchmark: ZDT1 and DTLZ2 ({@link MoProblem}), {@code evaluations} sequential
 * trials for each of {@code seeds} seeds (0, 1, ...); median hypervolume of each searcher's front.
 * The Optuna side of the same protocol is {@code src/test/python/optuna_mo_bench.py}.
 *
 * <pre>
 * mvn -q -pl tune-engine -am test-compile exec:java -Dexec.skip=true -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.jtune.engine.search.mo.bench.MultiObjectiveBenchmark [-Dexec.args="200 10"]
 * </pre>
 */
public final class MultiObjectiveBenchmark {

    private MultiObjectiveBenchmark() {
    }

    static Map<String, Supplier<SearchAlgorithm>> searchers() {
        Map<String, Supplier<SearchAlgorithm>> m = new LinkedHashMap<>();
        m.put("random", RandomBaseline::new);
        m.put("NSGA-II", NsgaIISearch::new);
        m.put("MOTPE", MotpeSearch::new);
        return m;
    }

    public static void main(String[] args) {
        int evaluations = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int seeds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        System.out.printf("%d evaluations x %d seeds, median hypervolume%n", evaluations, seeds);
        for (MoProblem problem : List.of(MoProblem.zdt1(), MoProblem.dtlz2())) {
            for (Map.Entry<String, Supplier<SearchAlgorithm>> s : searchers().entrySet()) {
                double[] hv = hypervolumes(s.getValue(), problem, evaluations, seeds);
                System.out.printf("%-6s jtune-%-8s %.4f %s%n", problem.name(), s.getKey(), SearcherBenchmark.median(hv), Arrays.toString(hv));
            }
        }
    }

    static double[] hypervolumes(Supplier<SearchAlgorithm> searcher, MoProblem problem, int evaluations, int seeds) {
        double[] hv = new double[seeds];
        for (int seed = 0; seed < seeds; seed++) {
            hv[seed] = MoDriver.hypervolume(searcher.get(), problem, seed, evaluations);
        }
        return hv;
    }
}
