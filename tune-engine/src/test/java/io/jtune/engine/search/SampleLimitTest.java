package io.jtune.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Mode;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.search.tpe.TpeSearch;
import io.jtune.engine.testing.ListSearcher;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class SampleLimitTest {
    private static final ExperimentInfo INFO = new ExperimentInfo("e", Path.of("target", "e"), "loss", Mode.MIN,
            SearchSpace.builder().uniform("x", 0, 1).build(), 3);

    private static SampleLimit limited(SearchAlgorithm inner, int numSamples) {
        SampleLimit limit = new SampleLimit(inner, numSamples);
        limit.setup(INFO);
        return limit;
    }

    @Test
    void aSearcherThatNeverRunsOutIsFinishedAfterNumSamplesSuggestions() {
        SampleLimit limit = limited(new TpeSearch(), 3);
        for (int i = 0; i < 3; i++) {
            assertFalse(limit.isFinished());
            assertNotNull(limit.suggest("t" + i));
        }
        assertTrue(limit.isFinished());
        assertNull(limit.suggest("t3"));
        assertEquals(3, limit.suggested());
    }

    @Test
    void minusOneIsNoLimitAndTheWrappedSearcherMayFinishFirst() {
        SampleLimit unlimited = limited(new TpeSearch(), -1);
        for (int i = 0; i < 200; i++) {
            assertNotNull(unlimited.suggest("t" + i));
        }
        assertFalse(unlimited.isFinished());

        SampleLimit generous = limited(ListSearcher.of(2, "x"), 10);
        generous.suggest("a");
        generous.suggest("b");
        assertTrue(generous.isFinished(), "the wrapped searcher has no more configs");
    }

    @Test
    void aSuggestionTheSearcherCannotGiveNowDoesNotCount() {
        SampleLimit limit = limited(new ConcurrencyLimiter(new TpeSearch(), 1), 2);
        assertNotNull(limit.suggest("a"));
        assertNull(limit.suggest("b"), "the concurrency limit holds");
        assertEquals(1, limit.suggested());
        limit.onTrialComplete("a", null, false);
        assertNotNull(limit.suggest("c"));
        assertTrue(limit.isFinished());
    }

    @Test
    void theCountAndTheWrappedStateAreSavedAndRestored() {
        SampleLimit before = limited(ListSearcher.of(5, "x"), 4);
        before.suggest("a");
        before.suggest("b");
        String state = before.saveState();

        SampleLimit after = limited(new ListSearcher(java.util.List.of()), 4);
        after.restoreState(state);
        assertEquals(2, after.suggested());
        assertTrue(state.contains("\"inner\":{\"next\":2}"), state);
    }

    @Test
    void onlySearchersThatDoNotKnowTheirCountAreWrapped() {
        BasicVariantGenerator grid = new BasicVariantGenerator(2);
        assertSame(grid, SampleLimit.of(grid, 7), "the basic variant generator counts grid x samples itself");
        ConcurrencyLimiter limitedGrid = new ConcurrencyLimiter(grid, 2);
        assertSame(limitedGrid, SampleLimit.of(limitedGrid, 7));
        SampleLimit already = new SampleLimit(new TpeSearch(), 3);
        assertSame(already, SampleLimit.of(already, 7));

        Repeater repeated = new Repeater(new TpeSearch(), 2);
        SampleLimit wrapped = assertInstanceOf(SampleLimit.class, SampleLimit.of(repeated, 7));
        assertSame(repeated, wrapped.wrapped());
        assertSame(repeated, SearcherWrapper.find(wrapped, Repeater.class).orElseThrow());
        assertInstanceOf(TpeSearch.class, SearcherWrapper.find(wrapped, TpeSearch.class).orElseThrow());
    }

    @Test
    void badArgumentsAreRefusedNamingThem() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SampleLimit(new TpeSearch(), 0)).getMessage().contains("numSamples"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SampleLimit(null, 3)).getMessage().contains("must not be null"));
    }
}
