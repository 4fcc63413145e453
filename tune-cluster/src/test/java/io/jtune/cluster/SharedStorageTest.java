package io.jtune.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.checkpoint.CheckpointFolders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jtune.cluster.sharedStorage}: two worker JVMs that see the driver's storage path write
 * their checkpoints straight into the trial folder and restore from there; nothing is streamed
 * (no staging folder on the driver, no checkpoint in a worker's own folder).
 */
class SharedStorageTest {
    private static final int PAYLOAD_KB = 256;

    @TempDir
    Path dir;

    @Test
    void workersWriteAndRestoreCheckpointsInTheSharedTrialFolder() throws Exception {
        MovedTrial moved = MovedTrial.run(dir, "shared", PAYLOAD_KB, s -> s.withSharedStorage(true));

        TrialOutcome trial = moved.grid().get(0);
        assertEquals(TrialStatus.TERMINATED, trial.status(), trial.errorTrace());
        Result resumed = moved.firstOnOther();
        long restoredFrom = ((Number) resumed.get("restored_from")).longValue();
        assertTrue(restoredFrom >= 2, "the other worker restored from the shared folder (payload checked there): " + resumed);
        Path checkpoint = CheckpointFolders.folderFor(trial.dir(), restoredFrom);
        assertEquals(StepTrainable.payloadDigest(PAYLOAD_KB), StepTrainable.digestOf(checkpoint.resolve(StepTrainable.PAYLOAD)));
        assertFalse(Files.exists(trial.dir().getParent().resolve(".incoming")), "nothing was streamed to the driver");
        Files.createDirectories(moved.workDirs());
        try (Stream<Path> files = Files.walk(moved.workDirs())) {
            List<Path> written = files.filter(p -> p.getFileName().toString().startsWith("checkpoint_") || p.getFileName().toString().equals(".incoming")).toList();
            assertEquals(List.of(), written, "nothing was written to or streamed into the workers' own folders");
        }
    }
}
