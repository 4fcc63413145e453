package io.jtune.engine.search.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.engine.search.BasicVariantGenerator;
import io.jtune.engine.search.tpe.TpeSearch;
import io.jtune.engine.search.tpe.TpeSettings;
import org.junit.jupiter.api.Test;

/**
 * TPE with true-density kernels ({@link TpeSettings#trueDensities()}) on the SVM-like conditional
 * space ({@link Problem#svmLike}) against random search over the flattened space, 100 evaluations,
 * seeds 0-4: TPE's median best error must be lower, and its configs must hold exactly the
 * parameters active for their kernel (the problem's function fails otherwise). Random search over
 * the conditional space obeys the same rule. (Optuna 3.1's kernels, TPE's default, settle on the
 * poly kernel in about as many runs as Optuna 3.1 itself, and at these seeds are no better than
 * random search there: docs/benchmarks.md.)
 */
class ConditionalSpaceSearchTest {
    private static final int EVALUATIONS = 100;
    private static final int SEEDS = 5;

    @Test
    void tpeOnTheConditionalSpaceBeatsRandomSearchOnTheFlattenedOne() {
        double tpe = ConditionalBenchmark.medianBest(() -> new TpeSearch(TpeSettings.trueDensities()), Problem.svmLike(true), EVALUATIONS, SEEDS);
        double random = ConditionalBenchmark.medianBest(RandomBaseline::new, Problem.svmLike(false), EVALUATIONS, SEEDS);
        assertTrue(tpe < random, "median best error: TPE " + tpe + ", random " + random);
    }

    @Test
    void randomSearchGivesOnlyActiveParameters() {
        double best = ConditionalBenchmark.medianBest(() -> new BasicVariantGenerator(-1), Problem.svmLike(true), EVALUATIONS, 1);
        assertTrue(best >= 0.05 && best < 0.5, "best error " + best);
    }
}
