package io.jtune.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.TuneException;
import io.jtune.engine.runner.state.ExperimentState;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.spec.ResumeMode;
import io.jtune.engine.testing.CountingTrainable;
import io.jtune.engine.testing.Runs;
import io.jtune.engine.testing.StopAt;
import io.jtune.engine.trial.Trial;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class PathsStayInsideStorageTest {
    @TempDir
    Path root;

    @Test
    void trainableAndExperimentNamesThatAreNotOneFolderAreRefused() {
        for (String bad : List.of("../../x", "..", ".", "a/b", "a\\b", " ", "x\u0000y")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Tuner.of(bad, (config, session) -> { }));
            assertTrue(e.getMessage().startsWith("the trainable name '" + bad + "' is not a single folder name"), e.getMessage());
            IllegalArgumentException n = assertThrows(IllegalArgumentException.class, () -> Tuner.of("ok", (config, session) -> { }).name(bad));
            assertTrue(n.getMessage().startsWith("the experiment name '" + bad + "' is not a single folder name"), n.getMessage());
        }
        assertEquals("my-exp_1.2", Tuner.of("ok", (config, session) -> { }).name("my-exp_1.2").spec().name());
    }

    @Test
    void aRestoreOfAStateWhoseTrialFolderLiesOutsideTheExperimentIsRefusedNamingTheEntryAndTouchesNothing() throws Exception {
        Path storage = root.resolve("storage");
        Path victim = Files.createDirectories(root.resolve("victim"));
        Files.writeString(victim.resolve("precious.txt"), "keep me");
        List<Trial> trials = Runs.run(Runs.quiet(Tuner.of(CountingTrainable.class), storage).numSamples(2).stop(StopAt.iteration(2))
                .checkpoint(CheckpointPolicy.every(1)));
        Path stateFile = storage.resolve("exp").resolve(ExperimentState.FILE);
        String crafted = Files.readString(stateFile).replace("\"" + trials.get(1).name() + "\"", "\"../../victim\"");
        Files.writeString(stateFile, crafted);

        TuneException e = assertThrows(TuneException.class, () -> Tuner.restore(storage.resolve("exp"), CountingTrainable.class)
                .stop(StopAt.iteration(2)).machineResources(Runs.TWO_CPUS).progress(false).resume(ResumeMode.RESTART_ERRORED).fit());
        assertTrue(e.getMessage().contains("trial #2 (trial_id " + trials.get(1).id() + ") names the folder '../../victim'"), e.getMessage());
        assertEquals("keep me", Files.readString(victim.resolve("precious.txt")));
        assertEquals(List.of("precious.txt"), Files.list(victim).map(p -> p.getFileName().toString()).toList());
        assertEquals(crafted, Files.readString(stateFile), "the refused restore wrote nothing");
    }

    @Test
    void aRestoreOfAStateWhoseCheckpointIsNotACheckpointFolderIsRefused() throws Exception {
        Path storage = root.resolve("storage");
        List<Trial> trials = Runs.run(Runs.quiet(Tuner.of(CountingTrainable.class), storage).numSamples(1).stop(StopAt.iteration(2))
                .checkpoint(CheckpointPolicy.every(1)));
        Path stateFile = storage.resolve("exp").resolve(ExperimentState.FILE);
        String checkpoint = trials.get(0).latestCheckpoint().orElseThrow().path().toString();
        Files.writeString(stateFile, Files.readString(stateFile).replace(checkpoint, "/tmp/.."));

        TuneException e = assertThrows(TuneException.class, () -> Tuner.restore(storage.resolve("exp"), CountingTrainable.class)
                .stop(StopAt.iteration(2)).machineResources(Runs.TWO_CPUS).progress(false).fit());
        assertTrue(e.getMessage().contains("trial #1 (trial_id " + trials.get(0).id() + ") names the checkpoint '/tmp/..'"), e.getMessage());
    }

    @Test
    void aResumeRefusesATrialFolderReplacedByALinkToAFolderOutsideStorageAndWritesNothingThere() throws Exception {
        Path storage = root.resolve("storage");
        List<Trial> trials = Runs.run(Runs.quiet(Tuner.of(CountingTrainable.class), storage).numSamples(2).stop(StopAt.iteration(2))
                .checkpoint(CheckpointPolicy.every(1)));
        Path experiment = storage.resolve("exp");
        Path stateFile = experiment.resolve(ExperimentState.FILE);
        Files.writeString(stateFile, Files.readString(stateFile).replace("\"TERMINATED\"", "\"PAUSED\""));
        Path trialDir = experiment.resolve(trials.get(0).name());
        Path outside = root.resolve("outside");
        Files.move(trialDir, outside);
        Files.createSymbolicLink(trialDir, outside);
        List<String> before = Files.list(outside).map(p -> p.getFileName().toString()).sorted().toList();

        TuneException e = assertThrows(TuneException.class, () -> Tuner.restore(experiment, CountingTrainable.class)
                .stop(StopAt.iteration(4)).machineResources(Runs.TWO_CPUS).progress(false).fit());
        assertTrue(e.getMessage().contains(trialDir.toString()) && e.getMessage().contains(outside.toString()), e.getMessage());
        assertEquals(before, Files.list(outside).map(p -> p.getFileName().toString()).sorted().toList(), "nothing written outside storage");
    }
}
