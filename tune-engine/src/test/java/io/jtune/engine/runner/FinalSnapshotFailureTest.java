package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.engine.runner.guard.ComponentException;
import io.jtune.engine.testing.FirstComeScheduler;
import io.jtune.engine.testing.ListSearcher;
import io.jtune.engine.testing.Runs;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
class FinalSnapshotFailureTest {
    @TempDir
    Path storage;

    /** Saves its state for the first snapshot, then runs out of memory serialising it. */
    private static final class SearcherOutOfMemoryAfterFirstSave extends ListSearcher {
        private final OutOfMemoryError error = new OutOfMemoryError("simulated: no heap left for the snapshot");
        private int saves;

        SearcherOutOfMemoryAfterFirstSave() {
            super(List.of(Config.of(java.util.Map.of("x", 1))));
        }

        @Override
        public String saveState() {
            if (++saves > 1) {
                throw error;
            }
            return super.saveState();
        }
    }

    @Test
    void anErrorWhileTheFinalSnapshotIsSerialisedIsAddedToTheFailureItFollows() {
        SearcherOutOfMemoryAfterFirstSave searcher = new SearcherOutOfMemoryAfterFirstSave();
        IllegalStateException broken = new IllegalStateException("the scheduler broke");
        FirstComeScheduler scheduler = new FirstComeScheduler((runner, trial, result) -> {
            throw broken;
        });
        ComponentException thrown = assertThrows(ComponentException.class,
                () -> Runs.run(Runs.counting(storage, searcher, scheduler).outputFiles(true)));
        assertSame(broken, thrown.getCause(), "the first failure is the one thrown");
        assertEquals(1, thrown.getSuppressed().length, "the snapshot's failure is reported with it");
        assertSame(searcher.error, thrown.getSuppressed()[0]);
        assertTrue(searcher.saves > 1, "the final snapshot was attempted");
    }

    @Test
    void anErrorOfTheFinalSnapshotOfASuccessfulRunIsThrown() {
        SearcherOutOfMemoryAfterFirstSave searcher = new SearcherOutOfMemoryAfterFirstSave();
        OutOfMemoryError thrown = assertThrows(OutOfMemoryError.class,
                () -> Runs.run(Runs.counting(storage, searcher, new FirstComeScheduler()).outputFiles(true)));
        assertSame(searcher.error, thrown);
        assertInstanceOf(OutOfMemoryError.class, thrown);
    }
}
