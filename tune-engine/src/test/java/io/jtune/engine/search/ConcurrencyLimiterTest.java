package io.jtune.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Result;
import io.jtune.api.space.SearchSpace;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConcurrencyLimiterTest {
    private final RecordingSearcher inner = new RecordingSearcher(10);
    private final ConcurrencyLimiter limiter = new ConcurrencyLimiter(inner, 2);

    @Test
    void givesNothingWhileTheLimitIsLiveAndForwardsSetup() {
        var info = BasicVariantGeneratorTest.experiment(SearchSpace.empty(), 1);
        limiter.setup(info);
        assertSame(info, inner.experiment);

        assertNotNull(limiter.suggest("a"));
        assertNotNull(limiter.suggest("b"));
        assertNull(limiter.suggest("c"));
        assertEquals(2, limiter.liveTrials());

        limiter.onTrialComplete("a", Result.of(Map.of("loss", 1.0)), false);
        assertNotNull(limiter.suggest("c"));
        assertEquals(List.of("suggest a", "suggest b", "complete a {loss=1.0}", "suggest c"), inner.calls);
    }

    @Test
    void forwardsOnlyEventsOfTrialsItSuggested() {
        limiter.suggest("a");
        limiter.onTrialResult("a", Result.of(Map.of()));
        limiter.onTrialResult("stranger", Result.of(Map.of()));
        limiter.onTrialComplete("stranger", null, true);
        limiter.onTrialComplete("a", null, true);
        limiter.onTrialComplete("a", null, true);

        assertEquals(List.of("suggest a", "result a", "complete a null error"), inner.calls);
    }

    @Test
    void savesLiveTrialsAndTheInnerState() {
        limiter.suggest("a");
        limiter.suggest("b");
        String state = limiter.saveState();

        RecordingSearcher freshInner = new RecordingSearcher(10);
        ConcurrencyLimiter restored = new ConcurrencyLimiter(freshInner, 2);
        restored.restoreState(state);

        assertNull(restored.suggest("c"), "a and b are still live");
        restored.onTrialComplete("b", null, false);
        assertEquals(2, restored.suggest("c").getInt("n"), "the inner searcher continues after its two suggestions");
    }

    @Test
    void rejectsANonPositiveLimit() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ConcurrencyLimiter(inner, 0));
        assertTrue(e.getMessage().contains("maxConcurrent must be >= 1, got 0"), e.getMessage());
    }
}
