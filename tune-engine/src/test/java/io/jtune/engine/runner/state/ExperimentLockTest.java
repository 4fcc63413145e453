package io.jtune.engine.runner.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.TuneException;
import io.jtune.engine.Tuner;
import io.jtune.engine.runner.HoldingExperiment;
import io.jtune.engine.testing.HangingTrainable;
import io.jtune.engine.testing.Runs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
@Timeout(value = 3, unit = TimeUnit.MINUTES)
public class ExperimentLockTest {
    @TempDir
    Path storage;

    @Test
    void aSecondJvmIsRefusedTheFolderNamingItAndTheHolderAndGetsItAfterAKill9() throws Exception {
        Path dir = storage.resolve("held");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), HoldingExperiment.class.getName(), storage.toString())
                .redirectErrorStream(true)
                .redirectOutput(storage.resolve("child.log").toFile())
                .start();
        try {
            Path stateFile = dir.resolve(ExperimentState.FILE);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (!Files.exists(stateFile) && child.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertTrue(Files.exists(stateFile), () -> "the child never started its experiment; see " + storage.resolve("child.log"));
            byte[] before = Files.readAllBytes(stateFile);

            TuneException refused = assertThrows(TuneException.class,
                    () -> Tuner.restore(dir, HangingTrainable::new).machineResources(Runs.TWO_CPUS).progress(false).fit());
            assertTrue(refused.getMessage().contains("the experiment folder " + dir.toAbsolutePath())
                    && refused.getMessage().contains("the process with PID " + child.pid()), refused.getMessage());
            assertEquals(new String(before), new String(Files.readAllBytes(stateFile)), "the refused run wrote nothing");
        } finally {
            child.destroyForcibly();
            child.waitFor(1, TimeUnit.MINUTES);
        }
        ExperimentLock lock = ExperimentLock.acquire(dir);
        try {
            assertTrue(Files.readString(dir.resolve(ExperimentLock.FILE)).startsWith("pid " + ProcessHandle.current().pid()),
                    "the OS dropped the killed JVM's lock: this one holds the folder now");
        } finally {
            lock.close();
        }
    }

    @Test
    void aSecondRunInTheSameJvmIsRefusedAndTheFolderIsFreeAfterTheFirstEnds() {
        Path dir = storage.resolve("exp");
        ExperimentLock first = ExperimentLock.acquire(dir);
        try {
            TuneException refused = assertThrows(TuneException.class, () -> ExperimentLock.acquire(dir));
            assertTrue(refused.getMessage().contains("this process (PID " + ProcessHandle.current().pid() + ")"), refused.getMessage());
        } finally {
            first.close();
        }
        ExperimentLock.acquire(dir).close();
    }
}
