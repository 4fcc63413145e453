package io.jtune.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import example.models.ModelSearched;
import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.TrainFunction;
import io.jtune.engine.schedule.HyperBandForBohb;
import io.jtune.engine.schedule.HyperBandScheduler;
import io.jtune.engine.search.SampleLimit;
import io.jtune.engine.search.SearcherWrapper;
import io.jtune.engine.search.bohb.BohbSearch;
import io.jtune.engine.search.tpe.TpeSearch;
import io.jtune.engine.spec.ExperimentSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
/** Model-based searchers through the {@link Tuner}: numSamples ends them, and BOHB hears its HyperBand. */
class ModelSearchInTheTunerTest {
    private static final ResourceRequest TWO_CPUS = new ResourceRequest(2, 0, 1L << 30, Map.of());
    /** More trials than any test here asks for: a searcher that is not ended fails the run instead of running forever. */
    private static final int RUNAWAY = 100;

    @TempDir
    Path storage;

    private static final TrainFunction QUADRATIC = (config, session) -> {
        double x = config.getDouble("x");
        for (int i = 1; i <= 9; i++) {
            session.report(Map.of("loss", x * x + 1.0 / i));
        }
    };

    /** Fails the experiment when it adds more than {@link #RUNAWAY} trials. */
    private static final class RunawayGuard implements Callback {
        int added;

        @Override
        public void onTrialAdd(TrialView trial) {
            if (++added > RUNAWAY) {
                throw new TuneException("the searcher was not ended by numSamples");
            }
        }
    }

    private Tuner quadratic(String name) {
        return Tuner.of("quadratic", QUADRATIC).name(name).storagePath(storage).space(SearchSpace.builder().uniform("x", -2, 2).build())
                .metric("loss", Mode.MIN).machineResources(TWO_CPUS).seed(11).progress(false).outputFiles(false).callbacks(new RunawayGuard());
    }

    @Test
    void aModelBasedSearcherEndsAfterNumSamplesTrials() {
        ResultGrid grid = quadratic("tpe").searcher(new TpeSearch()).numSamples(6).fit();
        assertEquals(6, grid.size());
        assertEquals(6, grid.numTerminated());
    }

    @Test
    void theDeclaredSamplesEndADeclaredModelBasedSearcher() {
        Tuner tuner = Tuner.of(ModelSearched.Quadratic.class).name("declared").storagePath(storage).machineResources(TWO_CPUS)
                .progress(false).outputFiles(false).callbacks(new RunawayGuard());
        assertInstanceOf(TpeSearch.class, assertInstanceOf(SampleLimit.class, tuner.spec().searcher()).wrapped());
        ResultGrid grid = tuner.fit();
        assertEquals(5, grid.size(), "@Samples(5)");
        assertTrue(grid.trials().stream().allMatch(t -> t.status() == TrialStatus.TERMINATED && t.history().size() == 2));
    }

    @Test
    void minusOneSamplesLeavesTheSearcherUnlimited() {
        SampleLimit limit = assertInstanceOf(SampleLimit.class, quadratic("unlimited").searcher(new TpeSearch()).numSamples(-1).spec().searcher());
        limit.setup(quadratic("unlimited").spec().info());
        for (int i = 0; i < 150; i++) {
            limit.suggest("t" + i);
        }
        assertFalse(limit.isFinished());
    }

    /** A searcher that records what HyperBandForBohb tells it. */
    private static final class BudgetListener implements SearchAlgorithm, HyperBandForBohb.Listener {
        private final TpeSearch random = new TpeSearch();
        final List<String> budgets = new ArrayList<>();

        @Override
        public void setup(io.jtune.api.spi.ExperimentInfo experiment) {
            random.setup(experiment);
        }

        @Override
        public Config suggest(String trialId) {
            return random.suggest(trialId);
        }

        @Override
        public boolean isFinished() {
            return false;
        }

        @Override
        public void onBudgetReached(String trialId, double budget, Result result) {
            budgets.add(trialId + "@" + budget);
        }
    }

    private List<String> budgetsHeard(String name, boolean alsoRegisteredByHand) {
        BudgetListener listener = new BudgetListener();
        HyperBandForBohb hyperBand = HyperBandScheduler.builder().maxT(9).buildForBohb();
        if (alsoRegisteredByHand) {
            hyperBand.addListener(listener);
        }
        ResultGrid grid = quadratic(name).searcher(listener).scheduler(hyperBand).numSamples(9).fit();
        assertEquals(9, grid.size());
        return listener.budgets;
    }

    @Test
    void hyperBandForBohbTellsTheExperimentsSearcherItsBudgets() {
        List<String> budgets = budgetsHeard("bohb", false);
        assertFalse(budgets.isEmpty(), "the Tuner connected the searcher to the scheduler");
        Set<String> milestones = new HashSet<>();
        budgets.forEach(b -> milestones.add(b.substring(b.indexOf('@') + 1)));
        assertTrue(milestones.contains("1.0") && milestones.contains("3.0"), milestones::toString);
    }

    @Test
    void aSearcherAlsoRegisteredByHandHearsEachMilestoneOnce() {
        List<String> budgets = budgetsHeard("bohb-twice", true);
        assertFalse(budgets.isEmpty());
        assertEquals(new HashSet<>(budgets).size(), budgets.size(), "each milestone once: " + budgets);
    }

    @Test
    void declaredBohbAndHyperBandForBohbAreConnected() {
        Tuner tuner = Tuner.of(ModelSearched.Budgeted.class).name("declared-bohb").storagePath(storage).machineResources(TWO_CPUS)
                .progress(false).outputFiles(false).callbacks(new RunawayGuard());
        ExperimentSpec spec = tuner.spec();
        assertInstanceOf(HyperBandForBohb.class, spec.scheduler());
        BohbSearch bohb = SearcherWrapper.find(spec.searcher(), BohbSearch.class).orElseThrow();
        assertSame(bohb, SearcherWrapper.find(tuner.spec().searcher(), BohbSearch.class).orElseThrow());

        ResultGrid grid = tuner.fit();
        assertEquals(12, grid.size(), "@Samples(12)");
        String state = bohb.saveState();
        String milestones = state.substring(state.indexOf("\"milestones\""));
        assertTrue(milestones.contains("\"budget\":"), "BOHB observed the scheduler's milestones: " + state);
    }
}
