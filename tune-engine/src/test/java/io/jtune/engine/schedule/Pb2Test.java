package io.jtune.engine.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.space.SearchSpace;
import io.jtune.engine.TestTrialView;
import io.jtune.engine.search.bench.SearcherBenchmark;
import io.jtune.engine.search.gp.TimeVaryingSquaredExp;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PB2 on a scripted population (exploits within the bounds, integers kept integers, a resumed
 * scheduler exploiting exactly as an uninterrupted one), its kernel, its argument checks, and
 * the comparison with PBT on {@link PopulationProblems} (4 trials, equal budget, seeds 0-9).
 */
class Pb2Test {
    @TempDir
    Path dir;

    private final Pb2.Builder builder = Pb2.builder().timeAttr(Result.TRAINING_ITERATION).perturbationInterval(1).bound("lr", 0.01, 1).bound("units", 8, 64).logConfig(false);

    @Test
    void exploitsChooseWithinTheBoundsAndAResumedSchedulerChoosesTheSame() {
        List<FakeRunner.Exploit> uninterrupted = exploits(false);
        assertEquals(described(uninterrupted), described(exploits(true)), "checkpoint folders are numbered per runner, so they are left out");
        assertTrue(uninterrupted.size() >= 5, "a bottom trial is exploited in most rounds: " + uninterrupted.size());
        List<Double> lrs = new ArrayList<>();
        for (FakeRunner.Exploit x : uninterrupted) {
            double lr = x.config().getDouble("lr");
            lrs.add(lr);
            assertTrue(lr >= 0.01 && lr <= 1, x::toString);
            Object units = x.config().get("units");
            assertInstanceOf(Integer.class, units, "an integer parameter stays an integer");
            assertTrue((int) units >= 8 && (int) units <= 64, x::toString);
            assertTrue(x.tag().contains("@perturbed[lr="), x.tag());
        }
        assertTrue(lrs.stream().distinct().count() > 1, "the GP proposes new values: " + lrs);
    }

    private static List<String> described(List<FakeRunner.Exploit> exploits) {
        return exploits.stream().map(x -> x.trial() + " <- " + x.from().path().getParent() + ": " + x.tag()).toList();
    }

    /** 6 rounds of 4 trials whose score grows fastest at lr = 0.3; with a save and restore before round 4 when asked. */
    private List<FakeRunner.Exploit> exploits(boolean restart) {
        PopulationBasedTraining pb2 = setUp();
        FakeRunner runner = new FakeRunner(pb2);
        for (int i = 0; i < 4; i++) {
            TestTrialView t = new TestTrialView("t" + i, Config.of(Map.of("lr", 0.1 + 0.25 * i, "units", 8 + 16 * i)));
            t.status = TrialStatus.RUNNING;
            runner.add(t);
        }
        List<FakeRunner.Exploit> all = new ArrayList<>();
        double[] score = new double[4];
        for (int time = 1; time <= 6; time++) {
            if (restart && time == 4) {
                String state = pb2.saveState();
                assertTrue(state.contains("\"explore\""), state);
                pb2 = setUp();
                FakeRunner fresh = new FakeRunner(pb2);
                runner.trials.forEach(fresh::add);
                pb2.restoreState(state);
                all.addAll(runner.exploits);
                runner = fresh;
            }
            runner.trials.forEach(t -> t.status = TrialStatus.RUNNING);
            for (int i = 0; i < 4; i++) {
                double lr = runner.trials.get(i).config().getDouble("lr");
                score[i] += 1 - Math.abs(lr - 0.3);
                runner.report(runner.trials.get(i), "acc", score[i], time);
            }
        }
        all.addAll(runner.exploits);
        return all;
    }

    private PopulationBasedTraining setUp() {
        PopulationBasedTraining pb2 = builder.build();
        pb2.setup(FakeRunner.experiment("acc", Mode.MAX, 5, SearchSpace.empty(), dir));
        return pb2;
    }

    @Test
    void theKernelDecaysWithTimeAndDistance() {
        TimeVaryingSquaredExp k = new TimeVaryingSquaredExp(2, 0.5, 0.1);
        assertEquals(2, k.covariance(new double[] {0, 0.3}, new double[] {0, 0.3}), 1e-12);
        assertEquals(2 * Math.pow(0.9, 1), k.covariance(new double[] {0, 0.3}, new double[] {2, 0.3}), 1e-12);
        assertEquals(2 * Math.exp(-0.25 / 0.5), k.covariance(new double[] {1, 0.0}, new double[] {1, 0.5}), 1e-12);
        assertEquals(Math.pow(0.5, 2), new TimeVaryingSquaredExp(1, 1, 0.9).covariance(new double[] {0}, new double[] {4}), 1e-12, "epsilon is capped at 0.5");
    }

    @Test
    void badParametersAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Pb2.builder().build());
        assertEquals("PB2: give hyperparam_bounds: bound(\"<parameter>\", min, max) for each parameter PB2 chooses", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Pb2.builder().bound("lr", 1, 0.1));
        assertEquals("PB2: hyperparam_bounds of 'lr' must be finite with min < max, got [1.0, 0.1]", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Pb2.builder().bound("lr", 0, 1).quantileFraction(0.7).build());
        assertEquals("PB2: quantile_fraction must be between 0 and 0.5, got 0.7", e.getMessage());
    }

    /**
     * Measured over seeds 0-39 (deterministic: trials take turns on one CPU): toy problem PB2 median
     * 1.0969 against PBT 1.0847; moving learning rate PB2 0.2349 against PBT 0.2303. PB2 must match or
     * beat PBT's median on both, and its worst seed must beat PBT's worst seed (1.012 against 0.919,
     * 0.017 against 0.001): bandit exploration is what keeps a 4-trial population from collapsing. With
     * Ray's first UCB weight, {@code sqrt(0.2 log(0.4 n))}, PB2 trailed on the moving learning rate
     * (0.2267 over seeds 0-9): it explored too little to follow the moving optimum. Ten seeds were too
     * few for this claim: rounding-level changes to the GP's arithmetic moved PB2's median over seeds
     * 0-9 from 0.2551 to 0.2275 (PBT 0.2348) and over 0-39 only from 0.2399 to 0.2349.
     */
    @Test
    void pb2MatchesPbtWithFourTrialsAtEqualBudget() throws Exception {
        for (PopulationProblems.Problem p : List.of(PopulationProblems.toy(), PopulationProblems.movingLearningRate())) {
            double[] pbt = Pb2Benchmark.run(p, PopulationProblems::pbt, 40, dir);
            double[] pb2 = Pb2Benchmark.run(p, PopulationProblems::pb2, 40, dir);
            String detail = p.name() + ": PB2 " + Arrays.toString(pb2) + ", PBT " + Arrays.toString(pbt);
            assertTrue(SearcherBenchmark.median(pb2) >= SearcherBenchmark.median(pbt), detail);
            assertTrue(Arrays.stream(pb2).min().orElseThrow() > Arrays.stream(pbt).min().orElseThrow(), detail);
        }
    }
}
