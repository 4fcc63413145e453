package io.jtune.engine.search.bench;

import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.search.BasicVariantGenerator;
import io.jtune.engine.search.tpe.TpeSearch;
import io.jtune.engine.search.tpe.TpeSettings;
import java.util.function.Supplier;

/**
 * The conditional-space benchmark: the SVM-like space ({@link Problem#svmLike}), {@code evaluations}
 * sequential trials for each of {@code seeds} seeds (0, 1, ...); median best error of random search
 * over the flattened space, random search over the conditional space, TPE over the flattened space
 * and TPE over the conditional space, with its default (normalised) kernels and with Optuna 3.1's. The Optuna side is {@code src/test/python/optuna_conditional_bench.py}.
 *
 * <pre>
 * mvn -q -pl tune-engine -am test-compile exec:java -Dexec.skip=true -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.jtune.engine.search.bench.ConditionalBenchmark [-Dexec.args="100 10"]
 * </pre>
 */
public final class ConditionalBenchmark {

    private ConditionalBenchmark() {
    }

    public static void main(String[] args) {
        int evaluations = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int seeds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        System.out.printf("SVM-like conditional space: %d evaluations x %d seeds, median best error (optimum 0.05)%n", evaluations, seeds);
        report("random, flattened space", RandomBaseline::new, Problem.svmLike(false), evaluations, seeds);
        report("random, conditional space", () -> new BasicVariantGenerator(-1), Problem.svmLike(true), evaluations, seeds);
        report("TPE, flattened space", TpeSearch::new, Problem.svmLike(false), evaluations, seeds);
        report("TPE, conditional space", TpeSearch::new, Problem.svmLike(true), evaluations, seeds);
        report("TPE true-density kernels, conditional", () -> new TpeSearch(TpeSettings.trueDensities()), Problem.svmLike(true),
                evaluations, seeds);
    }

    /** Median best value of a searcher over seeds 0..seeds-1. */
    static double medianBest(Supplier<SearchAlgorithm> searcher, Problem problem, int evaluations, int seeds) {
        double[] best = new double[seeds];
        for (int seed = 0; seed < seeds; seed++) {
            best[seed] = Driver.bestOf(searcher.get(), problem, seed, evaluations);
        }
        return SearcherBenchmark.median(best);
    }

    private static void report(String what, Supplier<SearchAlgorithm> searcher, Problem problem, int evaluations, int seeds) {
        System.out.printf("%-28s %.4f%n", what, medianBest(searcher, problem, evaluations, seeds));
    }
}
