package io.jtune.engine.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Mode;
import io.jtune.api.trainable.CheckpointDir;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class TrialCheckpointsTest {

    private static TrackedCheckpoint at(long iteration, double score) {
        return new TrackedCheckpoint(CheckpointDir.fromDirectory(Path.of(CheckpointFolders.name(iteration))), iteration, iteration, score);
    }

    private static List<Long> iterations(List<TrackedCheckpoint> list) {
        return list.stream().map(TrackedCheckpoint::iteration).toList();
    }

    @Test
    void keepsTheBestByScoreAndAlwaysTheLatest() {
        TrialCheckpoints checkpoints = new TrialCheckpoints(2, true, Mode.MAX);
        assertTrue(checkpoints.add(at(1, 0.5)).isEmpty());
        assertTrue(checkpoints.add(at(2, 0.9)).isEmpty());
        assertEquals(List.of(1L), iterations(checkpoints.add(at(3, 0.1))), "0.1 is the worst but the latest, so 0.5 goes");
        assertEquals(List.of(3L), iterations(checkpoints.add(at(4, 0.7))), "now 0.1 is no longer the latest");
        assertEquals(List.of(2L, 4L), iterations(checkpoints.all()));
        assertEquals(4, checkpoints.latest().iteration());
    }

    @Test
    void minModeAndNaNRankLast() {
        TrialCheckpoints checkpoints = new TrialCheckpoints(2, true, Mode.MIN);
        checkpoints.add(at(1, Double.NaN));
        checkpoints.add(at(2, 3.0));
        assertEquals(List.of(1L), iterations(checkpoints.add(at(3, 5.0))), "NaN is never better than a number");
        assertEquals(List.of(3L), iterations(checkpoints.add(at(4, 1.0))), "in MIN mode 5.0 is worse than 3.0");
        assertEquals(List.of(2L, 4L), iterations(checkpoints.all()));
    }

    @Test
    void withoutAScoreTheMostRecentAreKept() {
        TrialCheckpoints checkpoints = new TrialCheckpoints(2, false, Mode.MAX);
        checkpoints.add(at(1, 9));
        checkpoints.add(at(2, 1));
        assertEquals(List.of(1L), iterations(checkpoints.add(at(3, 0))));
        assertEquals(List.of(2L, 3L), iterations(checkpoints.all()));
    }

    @Test
    void keepZeroKeepsAllAndTheSameFolderIsTrackedOnce() {
        TrialCheckpoints checkpoints = new TrialCheckpoints(0, true, Mode.MAX);
        for (int i = 1; i <= 5; i++) {
            assertTrue(checkpoints.add(at(i, i)).isEmpty());
        }
        checkpoints.add(at(3, 100));
        assertEquals(List.of(1L, 2L, 4L, 5L, 3L), iterations(checkpoints.all()), "re-adding a folder moves it to latest");
        assertNull(checkpoints.find(Path.of("elsewhere")));
        assertEquals(100, checkpoints.find(Path.of("checkpoint_000003")).score());
    }

    @Test
    void folderNamesHaveSixDigits() {
        assertEquals(Path.of("t", "checkpoint_000010"), CheckpointFolders.folderFor(Path.of("t"), 10));
        assertEquals(10, CheckpointFolders.iterationOf(Path.of("t", "checkpoint_000010")));
        assertEquals(-1, CheckpointFolders.iterationOf(Path.of("t", "params.json")));
    }
}
