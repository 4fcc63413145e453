package io.jtune.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.space.SearchSpace;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RepeaterTest {
    private final RecordingSearcher inner = new RecordingSearcher(2);
    private final Repeater repeater = new Repeater(inner, 3);

    @BeforeEach
    void setUp() {
        repeater.setup(BasicVariantGeneratorTest.experiment(SearchSpace.empty(), 1));
    }

    private static Result loss(double v) {
        return Result.of(Map.of("loss", v));
    }

    @Test
    void triesEachConfigRepeatTimesWithItsIndex() {
        List<Config> configs = List.of(repeater.suggest("t1"), repeater.suggest("t2"), repeater.suggest("t3"), repeater.suggest("t4"));

        assertEquals(List.of(0, 0, 0, 1), configs.stream().map(c -> c.getInt("n")).toList());
        assertEquals(List.of(0, 1, 2, 0), configs.stream().map(c -> c.getInt(Repeater.TRIAL_INDEX)).toList());
        assertEquals(List.of("suggest t1", "suggest t4"), inner.calls, "the inner searcher sees one trial a group");
    }

    @Test
    void reportsTheGroupMeanOnceEveryRepeatHasCompleted() {
        for (String id : List.of("t1", "t2", "t3")) {
            repeater.suggest(id);
        }
        repeater.onTrialResult("t1", loss(9));
        repeater.onTrialComplete("t2", loss(1), false);
        repeater.onTrialComplete("t1", loss(2), false);
        assertEquals(List.of("suggest t1"), inner.calls, "nothing reported before the group is complete");

        repeater.onTrialComplete("t3", Result.of(Map.of("other", 5.0)), false);

        assertEquals(List.of("suggest t1", "complete t1 {loss=1.5}"), inner.calls, "the mean leaves out the trial without the metric");
    }

    @Test
    void isFinishedOnlyWhenTheLastGroupIsFull() {
        for (int i = 0; i < 4; i++) {
            repeater.suggest("t" + i);
        }
        assertFalse(repeater.isFinished(), "the inner searcher is done but the second group needs two more");
        repeater.suggest("t4");
        repeater.suggest("t5");
        assertTrue(repeater.isFinished());
        assertNull(repeater.suggest("t6"));
    }

    @Test
    void anErrorIsForwardedOnlyWhenEveryRepeatFailed() {
        Repeater twice = new Repeater(inner, 2);
        twice.setup(BasicVariantGeneratorTest.experiment(SearchSpace.empty(), 1));
        twice.suggest("a");
        twice.suggest("b");
        twice.onTrialComplete("a", null, true);
        twice.onTrialComplete("b", null, true);
        twice.suggest("c");
        twice.suggest("d");
        twice.onTrialComplete("c", null, true);
        twice.onTrialComplete("d", loss(4), false);

        assertEquals(List.of("suggest a", "complete a {loss=NaN} error", "suggest c", "complete c {loss=4.0}"), inner.calls);
    }

    @Test
    void aRestoredRepeaterFinishesTheOpenGroup() {
        repeater.suggest("t1");
        repeater.suggest("t2");
        repeater.onTrialComplete("t1", loss(Double.NaN), false);
        String state = repeater.saveState();

        RecordingSearcher freshInner = new RecordingSearcher(2);
        Repeater restored = new Repeater(freshInner, 3);
        restored.setup(BasicVariantGeneratorTest.experiment(SearchSpace.empty(), 1));
        restored.restoreState(state);

        Config third = restored.suggest("t3");
        assertEquals(0, third.getInt("n"));
        assertEquals(2, third.getInt(Repeater.TRIAL_INDEX));
        restored.onTrialComplete("t2", loss(3), false);
        restored.onTrialComplete("t3", loss(5), false);
        assertEquals(List.of("complete t1 {loss=4.0}"), freshInner.calls);
        assertEquals(1, restored.suggest("t4").getInt("n"), "the inner state was restored too");
    }

    @Test
    void rejectsRepeatBelowOne() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Repeater(inner, 0));
        assertTrue(e.getMessage().contains("repeat must be >= 1, got 0"), e.getMessage());
    }
}
