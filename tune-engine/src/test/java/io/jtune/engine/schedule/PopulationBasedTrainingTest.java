package io.jtune.engine.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.space.Space;
import io.jtune.api.spi.TrialScheduler.Decision;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.engine.TestTrialView;
import io.jtune.engine.trial.FourDigits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PopulationBasedTrainingTest {

    @TempDir
    Path dir;

    /** Perturbs every iteration; lr is always doubled (no resampling, one factor), so exploits are hand-computable. */
    private static PopulationBasedTraining.Builder doubling() {
        return PopulationBasedTraining.builder()
                .timeAttr(Result.TRAINING_ITERATION)
                .perturbationInterval(1)
                .mutate("lr", PbtMutation.domain(Space.uniform(0, 1)))
                .resampleProbability(0)
                .perturbationFactors(2.0);
    }

    private PopulationBasedTraining setUp(PopulationBasedTraining.Builder builder, long seed) {
        PopulationBasedTraining pbt = builder.build();
        pbt.setup(FakeRunner.experiment("acc", Mode.MAX, seed, SearchSpace.empty(), dir));
        return pbt;
    }

    /** Trials 0..n-1 with lr = (i+1)/10, tags "i_lr=...", all running. */
    private static FakeRunner population(PopulationBasedTraining pbt, int n) {
        FakeRunner runner = new FakeRunner(pbt);
        for (int i = 0; i < n; i++) {
            double lr = (i + 1) / 10.0;
            TestTrialView t = new TestTrialView("t" + i, Config.of(Map.of("lr", lr)));
            t.tag = i + "_lr=" + FourDigits.format(lr);
            t.status = TrialStatus.RUNNING;
            runner.add(t);
        }
        return runner;
    }

    /** Every trial reports its score at this time, in order; returns the decisions. */
    private static List<Decision> round(FakeRunner runner, double time, double... scores) {
        return java.util.stream.IntStream.range(0, scores.length)
                .mapToObj(i -> runner.report(runner.trials.get(i), "acc", scores[i], time))
                .toList();
    }

    @Test
    void theBottomTrialClonesTheTopTrialsCheckpointWithItsConfigExplored() throws Exception {
        PopulationBasedTraining pbt = setUp(doubling(), 1);
        FakeRunner runner = population(pbt, 4);
        // round 1: no trial was in the top quantile when it reported, so there is no checkpoint to clone yet
        assertEquals(List.of(Decision.CONTINUE, Decision.CONTINUE, Decision.CONTINUE, Decision.CONTINUE), round(runner, 1, 4, 3, 2, 1));
        assertTrue(runner.exploits.isEmpty());
        runner.trials.forEach(t -> t.status = TrialStatus.RUNNING);
        // round 2: t0 (top, k = ceil(4 * 0.25) = 1) saves; t3 (bottom) clones it with lr 0.1 * 2 and pauses to restart
        assertEquals(List.of(Decision.CONTINUE, Decision.CONTINUE, Decision.CONTINUE, Decision.PAUSE), round(runner, 2, 4, 3, 2, 1));
        assertEquals(List.of("save t0", "exploit t3 from t0/checkpoint_1"), runner.log);
        FakeRunner.Exploit x = runner.exploits.get(0);
        assertEquals(new FakeRunner.Exploit("t3", Config.of(Map.of("lr", 0.2)), "3_lr=0.4@perturbed[lr=0.2]", CheckpointDir.fromDirectory(Path.of("t0", "checkpoint_1"))), x);

        ObjectMapper json = new ObjectMapper();
        List<String> global = Files.readAllLines(dir.resolve("pbt_global.txt"));
        assertEquals(List.of(List.of("3_lr=0.4", "0_lr=0.1", 2, 2, Map.of("lr", 0.1), Map.of("lr", 0.2))),
                global.stream().map(l -> read(json, l)).toList());
        assertEquals(global, Files.readAllLines(dir.resolve("pbt_policy_t3.txt")));

        // round 3: t3, restored, now leads; it saves, and t2 (bottom) clones it: t2's policy file inherits t3's history
        runner.trials.forEach(t -> t.status = TrialStatus.RUNNING);
        assertEquals(Decision.CONTINUE, runner.report(runner.trials.get(3), "acc", 5, 3));
        assertEquals(Decision.PAUSE, runner.report(runner.trials.get(2), "acc", 2, 3));
        assertEquals(new FakeRunner.Exploit("t2", Config.of(Map.of("lr", 0.4)), "2_lr=0.3@perturbed[lr=0.4]", CheckpointDir.fromDirectory(Path.of("t3", "checkpoint_2"))),
                runner.exploits.get(1));
        List<String> policy = Files.readAllLines(dir.resolve("pbt_policy_t2.txt"));
        assertEquals(2, policy.size());
        assertEquals(global.get(0), policy.get(0));
        assertEquals(List.of("2_lr=0.3", "3_lr=0.4", 3, 3, Map.of("lr", 0.2), Map.of("lr", 0.4)), read(json, policy.get(1)));
        assertEquals("PopulationBasedTraining: 2 checkpoints, 2 perturbs", pbt.debugString());
    }

    private static List<?> read(ObjectMapper json, String line) {
        try {
            return json.readValue(line, List.class);
        } catch (Exception e) {
            throw new AssertionError(line, e);
        }
    }

    @Test
    void quantileSizesFollowRay() {
        int[][] sizeAndK = {{1, 0}, {2, 1}, {3, 1}, {4, 1}, {5, 2}, {8, 2}, {9, 3}};
        for (int[] c : sizeAndK) {
            PopulationBasedTraining pbt = setUp(doubling().logConfig(false), 1);
            FakeRunner runner = population(pbt, c[0]);
            for (TestTrialView t : runner.trials) {
                runner.report(t, "acc", Integer.parseInt(t.id.substring(1)), 1);
                t.status = TrialStatus.RUNNING;
            }
            PopulationBasedTraining.Quantiles q = pbt.quantiles(runner);
            assertEquals(c[1], q.upper().size(), c[0] + " trials");
            if (c[1] > 0) {
                assertEquals("t0", q.lower().get(0).id());
                assertEquals("t" + (c[0] - 1), q.upper().get(c[1] - 1).id());
            }
        }
        PopulationBasedTraining half = setUp(doubling().quantileFraction(0.5), 1);
        FakeRunner three = population(half, 3);
        round(three, 1, 1, 2, 3);
        assertEquals(1, half.quantiles(three).upper().size(), "ceil(3 * 0.5) = 2 > 1.5, so floor(3 / 2) = 1");
    }

    @Test
    void whichTopTrialIsClonedComesFromTheSeed() {
        Set<String> clones = new HashSet<>();
        for (long seed = 0; seed < 12; seed++) {
            String first = cloneSource(seed);
            assertEquals(first, cloneSource(seed), "same seed, same choice");
            clones.add(first);
        }
        assertEquals(Set.of("t6", "t7"), clones, "both top trials (k = 2 of 8) get picked over seeds");
    }

    private String cloneSource(long seed) {
        PopulationBasedTraining pbt = setUp(doubling().logConfig(false), seed);
        FakeRunner runner = population(pbt, 8);
        round(runner, 1, 0, 1, 2, 3, 4, 5, 6, 7);
        runner.trials.forEach(t -> t.status = TrialStatus.RUNNING);
        round(runner, 2, 0, 1, 2, 3, 4, 5, 6, 7);
        return runner.exploits.get(0).from().path().getParent().toString();
    }

    @Test
    void noPerturbationBeforeTheBurnInOrBetweenIntervals() {
        PopulationBasedTraining pbt = setUp(doubling().burnInPeriod(3).perturbationInterval(2), 1);
        FakeRunner runner = population(pbt, 4);
        for (int time = 1; time <= 2; time++) {
            round(runner, time, 4, 3, 2, 1);
        }
        assertTrue(runner.log.isEmpty(), "burn-in: " + runner.log);
        round(runner, 3, 4, 3, 2, 1);
        round(runner, 4, 4, 3, 2, 1);
        assertTrue(runner.log.isEmpty(), "t=4 is only 1 after the perturbation at 3: " + runner.log);
        round(runner, 5, 4, 3, 2, 1);
        assertEquals(List.of("save t0", "exploit t3 from t0/checkpoint_1"), runner.log);
    }

    @Test
    void aTrialYieldsWhenOthersWaitAndTheLeastAdvancedRunsNext() {
        PopulationBasedTraining pbt = setUp(doubling(), 1);
        FakeRunner runner = population(pbt, 3);
        runner.trials.get(1).status = TrialStatus.PENDING;
        runner.trials.get(2).status = TrialStatus.PAUSED;
        assertEquals(Decision.PAUSE, runner.report(runner.trials.get(0), "acc", 1, 1));
        assertSame(runner.trials.get(1), pbt.chooseTrialToRun(runner), "t1 and t2 have trained 0, t0 1: the first of them");
        runner.trials.forEach(t -> t.status = TrialStatus.RUNNING);
        assertEquals(Decision.CONTINUE, runner.report(runner.trials.get(1), "acc", 1, 1), "nobody waits: no reason to yield");
    }

    @Test
    void missingAttributesAreAnErrorUnlessAllowed() {
        PopulationBasedTraining strict = setUp(doubling(), 1);
        FakeRunner runner = population(strict, 1);
        TuneException e = assertThrows(TuneException.class, () -> runner.report(runner.trials.get(0), "loss", 1, 1));
        assertTrue(e.getMessage().startsWith("PopulationBasedTraining: the result of trial t0 has no metric 'acc'"), e.getMessage());
        PopulationBasedTraining lenient = setUp(doubling().requireAttrs(false), 1);
        FakeRunner r2 = population(lenient, 1);
        assertEquals(Decision.CONTINUE, r2.report(r2.trials.get(0), "loss", 1, 1));
    }

    @Test
    void synchronousModeWaitsForThePopulationThenExploitsAPausedTrial() {
        PopulationBasedTraining pbt = setUp(doubling().synch(true), 1);
        FakeRunner runner = population(pbt, 4);
        for (TestTrialView t : runner.trials) {
            t.checkpoint = CheckpointDir.fromDirectory(Path.of(t.id, "paused"));
        }
        TestTrialView t3 = runner.trials.get(3);
        assertEquals(Decision.PAUSE, runner.report(t3, "acc", 4, 1), "others are behind");
        assertEquals(Decision.PAUSE, runner.report(runner.trials.get(1), "acc", 3, 1));
        assertEquals(Decision.PAUSE, runner.report(runner.trials.get(2), "acc", 2, 1));
        assertTrue(runner.exploits.isEmpty());
        assertEquals(Decision.PAUSE, runner.report(runner.trials.get(0), "acc", 1, 1), "the last one arrives: everybody is ranked");
        // t3 is top and paused: its pause checkpoint is what t0 (bottom, the deciding trial) restarts from
        assertEquals(List.of(new FakeRunner.Exploit("t0", Config.of(Map.of("lr", 0.8)), "0_lr=0.1@perturbed[lr=0.8]", CheckpointDir.fromDirectory(Path.of("t3", "paused")))),
                runner.exploits);
        assertFalse(runner.log.contains("save t3"), "a paused trial hands over its pause checkpoint");
        TestTrialView next = (TestTrialView) pbt.chooseTrialToRun(runner);
        assertEquals("t0", next.id, "everybody trained to 1 (t0 inherited it); the first runs");
    }

    @Test
    void mutationsNamedByParameterUseTheirSearchSpaceDomains() {
        SearchSpace space = SearchSpace.builder().loguniform("lr", 1e-4, 1e-1).choice("opt", "sgd", "adam", "rmsprop").constant("epochs", 3).build();
        PopulationBasedTraining pbt = PopulationBasedTraining.builder().timeAttr(Result.TRAINING_ITERATION).perturbationInterval(1)
                .mutateFromSpace("lr", "opt").resampleProbability(0).perturbationFactors(0.5).build();
        pbt.setup(FakeRunner.experiment("acc", Mode.MAX, 3, space, dir));
        FakeRunner runner = new FakeRunner(pbt);
        for (int i = 0; i < 4; i++) {
            TestTrialView t = new TestTrialView("t" + i, Config.of(Map.of("lr", 0.01, "opt", "adam", "epochs", 3)));
            t.status = TrialStatus.RUNNING;
            runner.add(t);
        }
        round(runner, 1, 4, 3, 2, 1);
        runner.trials.forEach(t -> t.status = TrialStatus.RUNNING);
        round(runner, 2, 4, 3, 2, 1);
        Config explored = runner.exploits.get(0).config();
        assertEquals(0.005, explored.getDouble("lr"), 1e-15);
        assertTrue(List.of("sgd", "rmsprop").contains(explored.getString("opt")), "a choice moves to a neighbour: " + explored);
        assertTrue(runner.exploits.get(0).tag().matches("t3@perturbed\\[lr=0\\.005,opt=(sgd|rmsprop)]"), runner.exploits.get(0).tag());

        PopulationBasedTraining unknown = PopulationBasedTraining.builder().mutateFromSpace("momentum").build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> unknown.setup(FakeRunner.experiment("acc", Mode.MAX, 3, space, dir)));
        assertEquals("PopulationBasedTraining: mutations names 'momentum', which is not a sampled parameter of the search space; "
                + "its parameters are [lr, opt] (a nested one is named like \"model/lr\")", e.getMessage());
    }

    @Test
    void aTrialWithoutAMutatedParameterIsRejected() {
        PopulationBasedTraining pbt = setUp(doubling(), 1);
        FakeRunner runner = new FakeRunner(pbt);
        TuneException e = assertThrows(TuneException.class, () -> runner.add(new TestTrialView("t0", Config.of(Map.of("momentum", 0.9)))));
        assertTrue(e.getMessage().startsWith("PopulationBasedTraining: trial t0 has no parameter 'lr' to mutate"), e.getMessage());
    }

    @Test
    void savedStateGivesTheSameExploitsAsAnUninterruptedRun() {
        assertEquals(exploits(false), exploits(true));
    }

    /** Each exploit as "trial <- clone: tag" (checkpoint folders are numbered per runner, so they are left out). */
    private List<String> exploits(boolean restart) {
        PopulationBasedTraining.Builder builder = PopulationBasedTraining.builder().timeAttr(Result.TRAINING_ITERATION).perturbationInterval(1)
                .mutate("lr", PbtMutation.domain(Space.uniform(0, 1))).logConfig(false);
        PopulationBasedTraining pbt = setUp(builder, 11);
        FakeRunner runner = population(pbt, 8);
        java.util.List<FakeRunner.Exploit> all = new java.util.ArrayList<>();
        for (int time = 1; time <= 6; time++) {
            if (restart && time == 4) {
                String state = pbt.saveState();
                pbt = setUp(builder, 11);
                FakeRunner fresh = new FakeRunner(pbt);
                runner.trials.forEach(fresh::add);
                pbt.restoreState(state);
                all.addAll(runner.exploits);
                runner = fresh;
            }
            runner.trials.forEach(t -> t.status = TrialStatus.RUNNING);
            double[] scores = new double[8];
            for (int i = 0; i < 8; i++) {
                scores[i] = runner.trials.get(i).config().getDouble("lr") * time;
            }
            round(runner, time, scores);
        }
        all.addAll(runner.exploits);
        return all.stream().map(x -> x.trial() + " <- " + x.from().path().getParent() + ": " + x.tag()).toList();
    }

    @Test
    void badParametersAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PopulationBasedTraining.builder().build());
        assertEquals("PopulationBasedTraining: give at least one of hyperparam_mutations (mutate / mutateFromSpace) or a custom explore function", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> doubling().quantileFraction(0.6).build());
        assertEquals("PopulationBasedTraining: quantile_fraction must be between 0 and 0.5, got 0.6", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> doubling().perturbationInterval(0).build());
        assertTrue(e.getMessage().contains("perturbation_interval must be > 0"), e.getMessage());
    }
}
