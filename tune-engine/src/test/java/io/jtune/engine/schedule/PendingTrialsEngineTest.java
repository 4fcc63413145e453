package io.jtune.engine.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.space.Space;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.testing.Runs;
import io.jtune.engine.testing.StopAt;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Trials wait PENDING ahead of free resources (Ray Tune's max_pending_trials), so schedulers see a
 * population larger than the machine: on one CPU, HyperBand fills a bracket before halving it and
 * PBT ranks trials against each other, while a long experiment still creates trials a few at a time.
 */
@Timeout(60)
class PendingTrialsEngineTest {
    @TempDir
    Path storage;

    /** The most trials that were added but not finished at any moment. */
    private static final class Unfinished implements Callback {
        int unfinished;
        int most;

        @Override
        public void onTrialAdd(TrialView trial) {
            most = Math.max(most, ++unfinished);
        }

        @Override
        public void onTrialComplete(TrialView trial) {
            unfinished--;
        }
    }

    /** Lines of the given slopes (a grid, in this order) on one CPU, with the basic variant generator. */
    private Tuner lines(String name, TrialScheduler scheduler, Object... slopes) {
        return Tuner.of("line", EarlyStoppingEngineTest.Line::new).name(name).storagePath(storage)
                .space(SearchSpace.builder().grid("v", slopes).build())
                .metric("y", Mode.MAX)
                .scheduler(scheduler)
                .machineResources(Runs.TWO_CPUS.withCpu(1))
                .progress(false)
                .outputFiles(false)
                .seed(1)
                .deterministic(false);
    }

    private static List<Long> lastIterations(ResultGrid grid) {
        return grid.trials().stream().map(t -> t.lastResult().trainingIteration()).toList();
    }

    @Test
    void hyperBandOnOneCpuFillsItsBracketBeforeHalvingIt() {
        HyperBandScheduler hyperBand = HyperBandScheduler.builder().maxT(9).build();
        ResultGrid grid = lines("hyperband", hyperBand, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9).fit();
        // maxT=9, eta=3: bracket s=0 holds v=0.1..0.3 (run to 9); bracket s=1 holds v=0.4..0.8, which all
        // wait at iteration 3 until the fifth arrives, then the best two go on; v=0.9 opens bracket s=2
        assertEquals(List.of(9L, 9L, 9L, 3L, 3L, 3L, 9L, 9L), lastIterations(grid).subList(0, 8), hyperBand.debugString());
        assertTrue(grid.trials().stream().allMatch(t -> t.status() == TrialStatus.TERMINATED));
        assertTrue(hyperBand.debugString().startsWith("Using HyperBand: num_stopped=3"), hyperBand.debugString());
    }

    @Test
    void asynchronousPbtOnOneCpuRanksTheTrialsAndExploits() {
        PopulationBasedTraining pbt = PopulationBasedTraining.builder()
                .timeAttr(Result.TRAINING_ITERATION)
                .perturbationInterval(2)
                .mutate("v", PbtMutation.domain(Space.uniform(0, 1)))
                .logConfig(false)
                .build();
        ResultGrid grid = lines("pbt", pbt, 0.4, 0.3, 0.2, 0.1).stop(StopAt.iteration(8)).fit();
        assertEquals(4, grid.size());
        assertTrue(pbt.numPerturbations() > 0, pbt.debugString());
    }

    @Test
    void aLongExperimentCreatesTrialsAFewAtATime() {
        Unfinished unfinished = new Unfinished();
        ResultGrid grid = Tuner.of("noop", (config, session) -> session.report(Map.of("y", 1.0))).name("long").storagePath(storage)
                .numSamples(1000).machineResources(Runs.TWO_CPUS).progress(false).outputFiles(false).seed(1).callbacks(unfinished).fit();
        assertEquals(1000, grid.size());
        assertTrue(unfinished.most <= 16 + 2, "at most max(16, 1.1 x 2 CPUs) pending and 2 running trials at once, saw " + unfinished.most);
    }

    @Test
    void theLimitCanBeSet() {
        Unfinished unfinished = new Unfinished();
        lines("limited", new FifoScheduler(), 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8).stop(StopAt.iteration(2))
                .maxPendingTrials(2).callbacks(unfinished).fit();
        assertTrue(unfinished.most <= 2 + 1, "2 pending and 1 running at most, saw " + unfinished.most);
        assertTrue(unfinished.most >= 2, "trials wait although only one CPU is free, saw " + unfinished.most);
    }
}
