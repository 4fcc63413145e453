package io.jtune.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.checkpoint.CheckpointFolders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 100 MiB checkpoint, far over Pekko's 256 KiB frame limit, crosses both ways: streamed from
 * its worker into the driver's trial folder, then (after that worker is killed) from the driver
 * to the other worker, which restores it; the content is checked by SHA-256 at both ends.
 */
class LargeCheckpointTest {
    private static final int PAYLOAD_KB = 100 * 1024;

    @TempDir
    Path dir;

    @Test
    void aHundredMibCheckpointGoesToTheDriverAndBackToAnotherWorker() throws Exception {
        MovedTrial moved = MovedTrial.run(dir, "large", PAYLOAD_KB, UnaryOperator.identity());

        TrialOutcome trial = moved.grid().get(0);
        assertEquals(TrialStatus.TERMINATED, trial.status(), trial.errorTrace());
        Result resumed = moved.firstOnOther();
        long restoredFrom = ((Number) resumed.get("restored_from")).longValue();
        assertTrue(restoredFrom >= 2 && restoredFrom % 2 == 0, "the other worker restored a streamed checkpoint (its payload checked there): " + resumed);
        Path checkpoint = CheckpointFolders.folderFor(trial.dir(), restoredFrom);
        assertEquals(PAYLOAD_KB * 1024L, Files.size(checkpoint.resolve(StepTrainable.PAYLOAD)));
        assertEquals(StepTrainable.payloadDigest(PAYLOAD_KB), StepTrainable.digestOf(checkpoint.resolve(StepTrainable.PAYLOAD)));
    }
}
