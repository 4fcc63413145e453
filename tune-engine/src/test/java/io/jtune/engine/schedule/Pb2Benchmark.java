package io.jtune.engine.schedule;

import io.jtune.api.spi.TrialScheduler;
import io.jtune.engine.search.bench.SearcherBenchmark;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Function;

/**
 * PB2 against PBT on {@link PopulationProblems}: 4 trials, equal budget, seeds 0..seeds-1; prints
 * each scheduler's median best final metric and every seed's value.
 *
 * <pre>
 * mvn -q -pl tune-engine -am test-compile exec:java -Dexec.skip=true -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.jtune.engine.schedule.Pb2Benchmark [-Dexec.args=10]
 * </pre>
 */
public final class Pb2Benchmark {

    private Pb2Benchmark() {
    }

    public static void main(String[] args) throws Exception {
        int seeds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        Path storage = Files.createTempDirectory("jtune-pb2-bench");
        System.out.printf("%d trials, %d iterations, perturbation every %d, %d seeds: median best final metric%n",
                PopulationProblems.TRIALS, PopulationProblems.ITERATIONS, PopulationProblems.INTERVAL, seeds);
        for (PopulationProblems.Problem p : new PopulationProblems.Problem[] {PopulationProblems.toy(), PopulationProblems.movingLearningRate()}) {
            double[] pbt = run(p, PopulationProblems::pbt, seeds, storage);
            double[] pb2 = run(p, PopulationProblems::pb2, seeds, storage);
            System.out.printf("%-10s PBT %.4f %s%n", p.name(), SearcherBenchmark.median(pbt), Arrays.toString(pbt));
            System.out.printf("%-10s PB2 %.4f %s%n", p.name(), SearcherBenchmark.median(pb2), Arrays.toString(pb2));
        }
    }

    static double[] run(PopulationProblems.Problem p, Function<PopulationProblems.Problem, TrialScheduler> scheduler, int seeds, Path storage) {
        double[] out = new double[seeds];
        for (int seed = 0; seed < seeds; seed++) {
            out[seed] = PopulationProblems.bestFinal(p, scheduler.apply(p), seed, storage);
        }
        return out;
    }
}
