package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.TrialStatus;
import io.jtune.engine.checkpoint.TrialCheckpoints;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TrialTest {

    private static Trial trial() {
        return new Trial("abcde_00000", 0, "T_abcde_00000_0", "0", Config.empty(), ResourceRequest.DEFAULT, Path.of("x"), new TrialCheckpoints(0, false, Mode.MAX),
                new ColumnarHistory(new ColumnarHistory.KeyLists()));
    }

    @Test
    void theLifecycleAllowsExactlyTheDesignedMoves() {
        Map<TrialStatus, Set<TrialStatus>> expected = Map.of(
                TrialStatus.PENDING, EnumSet.of(TrialStatus.RUNNING, TrialStatus.TERMINATED, TrialStatus.ERROR),
                TrialStatus.RUNNING, EnumSet.of(TrialStatus.PAUSED, TrialStatus.TERMINATED, TrialStatus.ERROR),
                TrialStatus.PAUSED, EnumSet.of(TrialStatus.PENDING, TrialStatus.RUNNING, TrialStatus.TERMINATED, TrialStatus.ERROR),
                TrialStatus.TERMINATED, EnumSet.noneOf(TrialStatus.class),
                TrialStatus.ERROR, EnumSet.of(TrialStatus.PENDING));
        for (TrialStatus from : TrialStatus.values()) {
            for (TrialStatus to : TrialStatus.values()) {
                assertEquals(expected.get(from).contains(to), Trial.isAllowed(from, to), from + " -> " + to);
            }
        }
    }

    @Test
    void aFullLifeWithPauseFailureAndRetry() {
        Trial t = trial();
        assertEquals(TrialStatus.PENDING, t.status());
        t.transitionTo(TrialStatus.RUNNING);
        t.transitionTo(TrialStatus.PAUSED);
        t.transitionTo(TrialStatus.PENDING);
        t.transitionTo(TrialStatus.RUNNING);
        t.transitionTo(TrialStatus.ERROR);
        t.transitionTo(TrialStatus.PENDING);
        t.transitionTo(TrialStatus.RUNNING);
        t.transitionTo(TrialStatus.TERMINATED);
        assertEquals(TrialStatus.TERMINATED, t.status());
    }

    @Test
    void anIllegalMoveThrowsNamingBothStates() {
        Trial t = trial();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> t.transitionTo(TrialStatus.PAUSED));
        assertTrue(e.getMessage().contains("from PENDING to PAUSED"), e.getMessage());
        assertTrue(e.getMessage().contains("T_abcde_00000_0"), e.getMessage());
        t.transitionTo(TrialStatus.RUNNING);
        t.transitionTo(TrialStatus.TERMINATED);
        e = assertThrows(IllegalStateException.class, () -> t.transitionTo(TrialStatus.RUNNING));
        assertTrue(e.getMessage().contains("from TERMINATED to RUNNING"), e.getMessage());
        assertEquals(TrialStatus.TERMINATED, t.status(), "a refused move changes nothing");
    }

    @Test
    void countersContinueFromTheRestoredCheckpoint() {
        Trial t = trial();
        t.beginRun(1, null);
        t.advance(0.5);
        t.advance(0.25);
        assertEquals(2, t.iteration);
        assertEquals(0.75, t.timeTotalS);
        t.beginRun(2, new io.jtune.engine.checkpoint.TrackedCheckpoint(io.jtune.api.trainable.Checkpoint.fromDirectory(Path.of("c")), 10, 4.0, 1));
        t.advance(1);
        assertEquals(11, t.iteration);
        assertEquals(5.0, t.timeTotalS);
        assertEquals(1, t.iterationsSinceRestore);
        assertEquals(1.0, t.timeSinceRestore);
    }
}
