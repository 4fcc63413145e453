package io.jtune.engine.search.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.trainable.TrainFunction;
import io.jtune.engine.Tuner;
import io.jtune.engine.exec.LocalTrialExecutor;
import io.jtune.engine.runner.TrialRunner;
import io.jtune.engine.schedule.HyperBandForBohb;
import io.jtune.engine.schedule.HyperBandScheduler;
import io.jtune.engine.search.bench.Problem;
import io.jtune.engine.search.bohb.BohbSearch;
import io.jtune.engine.search.tpe.TpeSearch;
import io.jtune.engine.spec.ExperimentSpec;
import io.jtune.engine.testing.FirstComeScheduler;
import io.jtune.engine.trial.Trial;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The searchers driven by the real TrialRunner with trials running in parallel; the Tuner ends them
 * after numSamples trials and connects BOHB to its HyperBand.
 */
class SearchersInTheRunnerTest {
    private static final int MAX_T = 9;

    @TempDir
    Path storage;

    /** Branin whose loss falls towards the true value as training goes on (budget = iterations). */
    private static final TrainFunction BUDGETED_BRANIN = (config, session) -> {
        double value = Problem.branin(config.getDouble("x1"), config.getDouble("x2"));
        for (int iteration = 1; iteration <= MAX_T; iteration++) {
            session.report(Map.of("loss", value + 20.0 / iteration));
        }
    };

    private List<Trial> run(SearchAlgorithm searcher, TrialScheduler scheduler, int samples) {
        ExperimentSpec spec = Tuner.of("branin", BUDGETED_BRANIN)
                .name("searchers")
                .storagePath(storage)
                .space(Problem.branin().space())
                .metric("loss", Mode.MIN)
                .numSamples(samples)
                .searcher(searcher)
                .scheduler(scheduler)
                .maxConcurrentTrials(4)
                .machineResources(new ResourceRequest(4, 0, 1L << 30, Map.of()))
                .seed(5)
                .progress(false)
                .outputFiles(false)
                .spec();
        return new TrialRunner(spec, new LocalTrialExecutor(spec.trainable(), spec.machine(), false), new SplittableRandom(1)).run();
    }

    private static double best(List<Trial> trials) {
        return trials.stream().filter(t -> t.lastResult() != null)
                .mapToDouble(t -> t.lastResult().getDouble(Result.TRAINING_ITERATION) == MAX_T ? t.lastResult().getDouble("loss") : Double.POSITIVE_INFINITY)
                .min().orElseThrow();
    }

    @Test
    void tpeRunsFourTrialsAtATimeAndFindsAGoodRegion() {
        List<Trial> trials = run(new TpeSearch(), new FirstComeScheduler(), 60);
        assertEquals(60, trials.size());
        assertTrue(trials.stream().allMatch(t -> t.status() == TrialStatus.TERMINATED));
        assertEquals(60, trials.stream().map(Trial::config).distinct().count());
        assertTrue(best(trials) - 20.0 / MAX_T < 1.5, "best Branin value " + (best(trials) - 20.0 / MAX_T));
    }

    @Test
    void bohbLearnsFromTheMilestonesOfHyperBandForBohb() {
        HyperBandForBohb scheduler = HyperBandScheduler.builder().maxT(MAX_T).buildForBohb();
        BohbSearch bohb = new BohbSearch();
        List<Trial> trials = run(bohb, scheduler, 40);
        assertEquals(40, trials.size());
        String state = bohb.saveState();
        // milestones of maxT = 9, eta = 3 are 1, 3 and 9 iterations: the searcher heard each
        for (String budget : List.of("\"budget\":1.0", "\"budget\":3.0", "\"budget\":9.0")) {
            assertTrue(state.substring(state.indexOf("\"milestones\"")).contains(budget), budget + " in " + state);
        }
        assertTrue(trials.stream().anyMatch(t -> t.lastResult() != null && t.lastResult().getDouble(Result.TRAINING_ITERATION) == MAX_T));
    }
}
