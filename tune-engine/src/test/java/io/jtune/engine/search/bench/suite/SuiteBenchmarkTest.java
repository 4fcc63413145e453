package io.jtune.engine.search.bench.suite;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.engine.search.bench.Driver;
import io.jtune.engine.search.bench.Problem;
import io.jtune.engine.search.bench.TunerSearchBenchmark;
import io.jtune.engine.search.tpe.TpeSearch;
import io.jtune.engine.search.tpe.TpeSettings;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the suite's figures rest on: one run of the largest budget gives each smaller budget's
 * regret as a run of that length would (TPE does not know the run's length), the direct driver
 * gives the regrets the {@code Tuner} gives, TPE variants are named as documented, and the table
 * compares each budget's runs separately.
 */
class SuiteBenchmarkTest {
    private static final SuiteProblem PROBLEM = Suite.mixed(1, 5);

    @Test
    void aLongRunGivesEachShorterBudgetsRegret() {
        Problem p = PROBLEM.problem(2);
        double[] at = Driver.bestAt(new TpeSearch(TpeSettings.optuna()), p, 2, 15, 30);
        assertEquals(Driver.bestOf(new TpeSearch(TpeSettings.optuna()), p, 2, 15), at[0]);
        assertEquals(Driver.bestOf(new TpeSearch(TpeSettings.optuna()), p, 2, 30), at[1]);
        assertTrue(at[1] <= at[0]);
    }

    @Test
    void theDirectDriverGivesTheTunersRegrets(@TempDir Path storage) {
        Problem p = PROBLEM.problem(1);
        double[] tuner = TunerSearchBenchmark.bestAtThroughTuner(p, "TPE", new TpeSearch(), 1, storage, 12, 25);
        assertArrayEquals(Driver.bestAt(new TpeSearch(), p, 1, 12, 25), tuner);
    }

    @Test
    void variantsDepartFromTheNamedBase() {
        assertEquals(TpeSettings.optuna().withMultivariate(true).withNEiCandidates(48).withGamma(0.15, 20),
                SuiteBenchmark.tpeVariant("TPE-3.1{multivariate;candidates=48;gamma=0.15/20}"));
        assertEquals(TpeSettings.defaults().withPriorWeight(0.5).withConsiderEndpoints(true).withSeed(3),
                SuiteBenchmark.tpeVariant("TPE{prior=0.5;endpoints;seed=3}"));
        assertEquals(TpeSettings.trueDensities().withNStartupTrials(20), SuiteBenchmark.tpeVariant("TPE{normalized;startup=20}"));
        assertEquals(TpeSettings.optuna(), SuiteBenchmark.tpeVariant("TPE-3.1{}"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SuiteBenchmark.tpeVariant("TPE{bandwidth=2}"));
        assertTrue(e.getMessage().contains("unknown TPE setting bandwidth"), e.getMessage());
    }

    @Test
    void theTableComparesEachBudgetOnItsOwn() {
        List<SuiteBenchmark.Run> runs = List.of(
                new SuiteBenchmark.Run("p", "bbob", "jtune TPE", 0, 50, 2.0),
                new SuiteBenchmark.Run("p", "bbob", "Optuna TPE", 0, 50, 1.0),
                new SuiteBenchmark.Run("p", "bbob", "jtune TPE", 0, 200, 0.5),
                new SuiteBenchmark.Run("p", "bbob", "Optuna TPE", 0, 200, 1.0));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SuiteBenchmark.printTable(runs, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String table = bytes.toString(StandardCharsets.UTF_8);
        String at50 = table.substring(table.indexOf("### 50 trials"), table.indexOf("### 200 trials"));
        String at200 = table.substring(table.indexOf("### 200 trials"));
        assertTrue(at50.contains("| p | 2.00 (2.00×) | 1.00 |"), table);
        assertTrue(at50.contains("| jtune TPE | 1 | 0 (0 %) | 0 (0 %) | 0 (0 %) |"), table);
        assertTrue(at200.contains("| p | 0.500 (0.50×) | 1.00 |"), table);
        assertTrue(at200.contains("| jtune TPE | 1 | 1 (100 %) | 1 (100 %) | 1 (100 %) |"), table);
    }
}
