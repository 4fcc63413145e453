package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.output.JsonLoggerCallback;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.spec.ResumeMode;
import io.jtune.engine.testing.HeavyCheckpoints;
import io.jtune.engine.testing.Runs;
import io.jtune.engine.testing.StopAt;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Storage that fills mid-run (3 MiB checkpoints on an 8 MiB tmpfs): the trial fails naming the
 * checkpoint write that filled it, nothing partial stays behind, and once there is room again the
 * resume completes. Needs a tmpfs mount (root, as CI runs).
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class FullDiskTest {
    @TempDir
    Path root;
    private Path disk;
    private boolean mounted;

    @BeforeEach
    void mountSmallDisk() throws Exception {
        disk = Files.createDirectories(root.resolve("disk"));
        mounted = run("mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", disk.toString()) == 0;
        assumeTrue(mounted, "a tmpfs can be mounted here (root)");
    }

    @AfterEach
    void unmount() throws Exception {
        if (mounted) {
            run("umount", disk.toString());
        }
    }

    @Test
    void aCheckpointWriteThatFillsTheStorageFailsItsTrialNamingItLeavesNothingPartialAndTheResumeCompletes() throws Exception {
        Path storage = disk.resolve("storage");
        ResultGrid first = Tuner.of(HeavyCheckpoints.class).name("exp").storagePath(storage).stop(StopAt.iteration(4))
                .checkpoint(CheckpointPolicy.every(1)).machineResources(Runs.TWO_CPUS).progress(false).seed(1).fit();
        TrialOutcome failed = first.trials().get(0);
        assertEquals(TrialStatus.ERROR, failed.status());
        String error = Files.readString(failed.dir().resolve("error.txt"));
        assertTrue(error.contains("cannot write the checkpoint " + failed.dir().resolve("checkpoint_00000")) && error.contains("No space left on device"), error);
        assertEquals(List.of(), leftovers(storage), "partial files the failed write left");

        assertEquals(0, run("mount", "-o", "remount,size=64m", disk.toString()));
        ResultGrid grid = Tuner.restore(storage.resolve("exp"), HeavyCheckpoints.class).resume(ResumeMode.ERRORED).stop(StopAt.iteration(4))
                .machineResources(Runs.TWO_CPUS).progress(false).fit();
        TrialOutcome trial = grid.trials().get(0);
        assertEquals(TrialStatus.TERMINATED, trial.status(), trial.errorTrace());
        assertEquals(LongStream.rangeClosed(1, 4).boxed().toList(),
                JsonLoggerCallback.readResults(trial.dir()).stream().map(Result::trainingIteration).toList(), "each iteration logged once");
        assertEquals(List.of(), leftovers(storage), "partial files left in the experiment");
    }

    /** Files a write cut short leaves: hidden partial checkpoints, temporary files, empty logs. */
    private static List<String> leftovers(Path storage) throws IOException {
        try (Stream<Path> all = Files.walk(storage)) {
            return all.filter(p -> {
                String name = p.getFileName().toString();
                try {
                    return name.startsWith(".writing_") || name.endsWith(".tmp") || Files.isRegularFile(p) && Files.size(p) == 0 && !name.startsWith(".jtune-lock");
                } catch (IOException e) {
                    return true;
                }
            }).map(p -> storage.relativize(p).toString()).toList();
        }
    }

    private static int run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }
}
