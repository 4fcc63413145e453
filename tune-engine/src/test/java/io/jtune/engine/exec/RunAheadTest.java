package io.jtune.engine.exec;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which results hold a buffered run until their decision: those the driver may save a checkpoint on. */
class RunAheadTest {
    private final RunAhead every3 = new RunAhead(4, 3);

    @Test
    void aMultipleOfTheCheckpointFrequencyHolds() {
        assertFalse(every3.holdsAt(2, Map.of("loss", 1.0)));
        assertTrue(every3.holdsAt(3, Map.of("loss", 1.0)));
        assertTrue(every3.holdsAt(6, Map.of()));
        assertFalse(new RunAhead(4, 0).holdsAt(3, Map.of()), "no scheduled checkpoints, no hold");
    }

    @Test
    void aResultAskingForACheckpointOrSayingItIsDoneHolds() {
        assertTrue(every3.holdsAt(1, Map.of("should_checkpoint", true)));
        assertTrue(every3.holdsAt(1, Map.of("done", true)));
        assertFalse(every3.holdsAt(1, Map.of("should_checkpoint", false, "done", false)));
    }

    @Test
    void aBufferBelowOneOrANegativeFrequencyIsRefused() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new RunAhead(0, 0)).getMessage().contains("result buffer must be >= 1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new RunAhead(2, -1)).getMessage().contains("checkpoint frequency must be >= 0"));
    }
}
