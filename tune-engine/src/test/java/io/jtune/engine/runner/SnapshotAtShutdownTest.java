package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.TrialStatus;
import io.jtune.engine.runner.state.ExperimentState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class SnapshotAtShutdownTest {
    @TempDir
    Path storage;

    @Test
    void aJvmEndingMidExperimentLeavesASnapshotOfTheStateItHadThen() throws Exception {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), ExitingExperiment.class.getName(), storage.toString())
                .redirectErrorStream(true)
                .redirectOutput(storage.resolve("child.log").toFile())
                .start();
        if (!child.waitFor(4, TimeUnit.MINUTES)) {
            child.destroyForcibly();
        }
        assertEquals(0, child.exitValue(), () -> "the child JVM failed; see " + storage.resolve("child.log"));

        ExperimentState state = ExperimentState.read(storage.resolve("exiting").resolve(ExperimentState.FILE));
        assertEquals(1, state.trials().size());
        ExperimentState.TrialState trial = state.trials().get(0);
        assertEquals(TrialStatus.RUNNING, trial.status(), "it was running when the JVM ended");
        assertEquals(4, trial.trainingIteration(), "the four results decided before the exit are recorded");
        assertTrue(Files.readString(storage.resolve("child.log")).contains("jtune: experiment exiting was interrupted; its state is saved in "
                + storage.resolve("exiting") + ". Continue it with mvn tune:run -Djtune.resume=true, or Tuner.restore(Path.of(\"" + storage.resolve("exiting")
                + "\"), <the trainable>).fit()"), "the interrupted run says how to resume it");
    }

    @Test
    void aSigtermWhileATrialSpinsLeavesASnapshotOfEveryResultDecidedBefore() throws Exception {
        sigtermOnceMarked(spinningChild(), "spinning.marker");
        ExperimentState.TrialState trial = ExperimentState.read(storage.resolve("spinning").resolve(ExperimentState.FILE)).trials().get(0);
        assertEquals(TrialStatus.RUNNING, trial.status());
        assertEquals(3, trial.trainingIteration(), "the three results decided before the SIGTERM are recorded");
    }

    @Test
    void aSigtermWhileTheEndedExperimentWaitsForASpinningTrialLeavesTheFinalState() throws Exception {
        sigtermOnceMarked(spinningChild("budget"), "completed.marker");
        ExperimentState.TrialState trial = ExperimentState.read(storage.resolve("spinning").resolve(ExperimentState.FILE)).trials().get(0);
        assertEquals(TrialStatus.TERMINATED, trial.status(), "the time budget completed the trial before the SIGTERM");
        assertEquals(3, trial.trainingIteration());
    }

    private Process spinningChild(String... extra) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), SpinningExperiment.class.getName(), storage.toString()));
        command.addAll(List.of(extra));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(storage.resolve("child.log").toFile()).start();
    }

    private void sigtermOnceMarked(Process child, String markerName) throws Exception {
        try {
            Path marker = storage.resolve(markerName);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (!Files.exists(marker) && child.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertTrue(Files.exists(marker), () -> "the child never wrote " + markerName + "; see " + storage.resolve("child.log"));
            child.destroy(); // SIGTERM
            assertTrue(child.waitFor(2, TimeUnit.MINUTES), "the JVM ended on SIGTERM although its trial spins");
        } finally {
            child.destroyForcibly();
        }
    }
}
