package io.jtune.engine.trial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.engine.checkpoint.TrackedCheckpoint;
import io.jtune.engine.checkpoint.TrialCheckpoints;
import io.jtune.engine.runner.history.ColumnarHistory;
import io.jtune.engine.spec.CheckpointPolicy;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
class TrialTest {

    private static Trial trial() {
        return new Trial("abcde_00000", 0, "T_", "T_abcde_00000_0", "0", Config.empty(), ResourceRequest.DEFAULT, Path.of("x"), CheckpointPolicy.NONE,
                trial -> new ColumnarHistory(new ColumnarHistory.KeyLists()));
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
    void aFinishedTrialsNameAndFolderAreTheOnesItRanWithThoughItStopsKeepingThem() {
        Trial t = trial();
        t.folderCreated();
        t.transitionTo(TrialStatus.RUNNING);
        t.transitionTo(TrialStatus.ERROR);
        assertEquals("T_abcde_00000_0", t.name());
        assertEquals(Path.of("x", "T_abcde_00000_0"), t.localDir());
        t.transitionTo(TrialStatus.PENDING);
        t.transitionTo(TrialStatus.RUNNING);
        t.exploit(Config.of(Map.of("lr", 0.2)), "0_lr=0.2");
        t.transitionTo(TrialStatus.TERMINATED);
        assertEquals("T_abcde_00000_0", t.name(), "the name a trial started with, though its tag changed");
        assertEquals("0_lr=0.2", t.experimentTag());
        assertEquals(Path.of("x", "T_abcde_00000_0"), t.localDir());
        assertTrue(t.hasFolder());
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
        assertEquals(2, t.iteration());
        assertEquals(0.75, t.timeTotalS());
        t.beginRun(2, new io.jtune.engine.checkpoint.TrackedCheckpoint(io.jtune.api.trainable.CheckpointDir.fromDirectory(Path.of("c")), 10, 4.0, 1));
        t.advance(1);
        assertEquals(11, t.iteration());
        assertEquals(5.0, t.timeTotalS());
        assertEquals(1, t.iterationsSinceRestore());
        assertEquals(1.0, t.timeSinceRestore());
    }

    private static Result result(long iteration, double seconds) {
        LinkedHashMap<String, Object> values = new LinkedHashMap<>();
        values.put(Result.DONE, false);
        values.put(Result.TRAINING_ITERATION, iteration);
        values.put(Result.TIME_TOTAL_S, seconds);
        values.put(Result.TIME_SINCE_RESTORE, seconds);
        return Result.wrap(values);
    }

    @Test
    void aFinishedTrialWithoutFilesRebuildsItsLastResultAndTakesItBackWhenRetried() {
        Trial t = trial();
        t.transitionTo(TrialStatus.RUNNING);
        t.record(result(1, 0.5));
        t.record(result(2, 0.75));
        t.transitionTo(TrialStatus.ERROR);
        assertEquals(result(2, 0.75), t.lastResult(), "rebuilt from the columns");
        assertEquals(List.of(result(1, 0.5), result(2, 0.75)), t.history());
        t.transitionTo(TrialStatus.PENDING);
        assertEquals(result(2, 0.75), t.lastResult());
        assertEquals(List.of(result(1, 0.5)), t.rewindTo(1));
        t.transitionTo(TrialStatus.RUNNING);
        t.record(result(2, 0.8));
        t.transitionTo(TrialStatus.TERMINATED);
        assertEquals(result(2, 0.8), t.lastResult());
        assertEquals(result(1, 0.5), t.resultAt(1));
        assertEquals(List.of(result(1, 0.5), result(2, 0.8)), t.history());
    }

    @Test
    void theFolderPathIsDerivedUntilTheFolderExistsAndTheCheckpointBookIsMadeOnTheFirstCheckpoint() {
        Trial t = trial();
        assertEquals(Path.of("x", "T_abcde_00000_0"), t.localDir());
        assertFalse(t.hasFolder());
        t.folderCreated();
        assertTrue(t.hasFolder());
        assertSame(t.localDir(), t.localDir(), "kept once the folder exists");

        assertSame(TrialCheckpoints.NONE, t.checkpoints());
        assertTrue(t.latestCheckpoint().isEmpty());
        TrackedCheckpoint c = new TrackedCheckpoint(CheckpointDir.fromDirectory(Path.of("c")), 3, 1.0, 1);
        assertThrows(UnsupportedOperationException.class, () -> TrialCheckpoints.NONE.add(c), "the shared empty book is read-only");
        assertEquals(List.of(), t.trackCheckpoint(c));
        assertEquals(List.of(c), t.checkpoints().all());
        assertEquals(c.checkpoint(), t.latestCheckpoint().orElseThrow());
    }
}
