package io.jtune.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Mode;
import io.jtune.api.Param;
import io.jtune.api.Result;
import io.jtune.api.Samples;
import io.jtune.api.Step;
import io.jtune.api.Stop;
import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.api.Uniform;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.TrainFunction;
import io.jtune.engine.runner.guard.ComponentException;
import io.jtune.engine.runner.state.ExperimentState;
import io.jtune.engine.spec.ExperimentSpec;
import io.jtune.engine.spec.ResumeMode;
import io.jtune.engine.testing.CountingTrainable;
import io.jtune.engine.testing.FirstComeScheduler;
import io.jtune.engine.testing.Runs;
import io.jtune.engine.testing.StopAt;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
/** {@link Tuner#restore}: what it takes from the saved experiment, what it refuses, and the default folder names. */
class TunerRestoreTest {
    @TempDir
    Path storage;

    /** Counts up by its slope; two samples of four iterations unless told otherwise. */
    @io.jtune.api.Trainable(name = "resumed-counter", metric = "y", mode = "max")
    @Samples(2)
    @Stop(iterations = 4)
    public static class Counter {
        @Param
        @Uniform(min = 0, max = 1)
        double slope;
        int t;

        @Step
        public double step() {
            t++;
            return slope * t;
        }
    }

    /** Another trainable, for a restore with the wrong one. */
    @io.jtune.api.Trainable(name = "resumed-other", metric = "y", mode = "max")
    public static class Other {
        @Step
        public double step() {
            return 1;
        }
    }

    private Path dir() {
        return storage.toAbsolutePath().resolve("exp");
    }

    /** Three samples (more than the annotation says) with seed 5, stopped by a callback after the fifth result. */
    private void interruptedRun() {
        Callback interrupt = new Callback() {
            int results;

            @Override
            public void onTrialResult(TrialView trial, Result result) {
                if (++results == 5) {
                    throw new IllegalStateException("interrupted");
                }
            }
        };
        Tuner tuner = Tuner.of(Counter.class).name("exp").storagePath(storage).numSamples(3).seed(5).maxFailures(2)
                .machineResources(Runs.TWO_CPUS).progress(false).callbacks(interrupt);
        assertThrows(ComponentException.class, tuner::fit);
    }

    @Test
    void aRestoredTunerTakesTheSavedSettingsOverTheAnnotationsAndFinishesTheExperiment() {
        interruptedRun();
        Tuner restored = Tuner.restore(dir(), Counter.class).machineResources(Runs.TWO_CPUS).progress(false);
        ExperimentSpec spec = restored.spec();
        assertEquals(3, spec.numSamples(), "the run's numSamples, not @Samples(2)");
        assertEquals(5, spec.seed());
        assertEquals(2, spec.maxFailures());
        assertEquals(dir(), spec.experimentDir());

        ResultGrid grid = restored.fit();

        assertEquals(3, grid.size());
        assertTrue(grid.trials().stream().allMatch(t -> t.status() == TrialStatus.TERMINATED && t.lastResult().trainingIteration() == 4));
    }

    @Test
    void aRestoreThatDiffersFromTheSavedExperimentIsRefusedBeforeAnyTrialStarts() throws IOException {
        interruptedRun();
        Path stateFile = dir().resolve(ExperimentState.FILE);
        String saved = Files.readString(stateFile);

        assertRefused(() -> Tuner.restore(dir(), Other.class), "it ran the trainable 'resumed-counter', not 'resumed-other'");
        assertRefused(() -> Tuner.restore(dir(), Counter.class).scheduler(new FirstComeScheduler()),
                "it ran with the scheduler io.jtune.engine.schedule.FifoScheduler, but this Tuner has " + FirstComeScheduler.class.getName());
        assertRefused(() -> Tuner.restore(dir(), Counter.class).metric("z", Mode.MIN), "it optimised metric y (max), not z (min)");
        assertRefused(() -> Tuner.restore(dir(), (config, session) -> session.report(Map.of("y", 1))),
                "it searched the parameters [slope], but this Tuner's space has []");
        assertRefused(() -> Tuner.restore(dir(), Counter.class).stop(io.jtune.engine.stop.Stoppers.maximumIteration(9)),
                "it had 1 stopper(s), this Tuner has 2");
        ComponentException restoreFailed = assertThrows(ComponentException.class,
                () -> Tuner.restore(dir(), Counter.class).numSamples(5).machineResources(Runs.TWO_CPUS).progress(false).fit());
        assertTrue(restoreFailed.getMessage().startsWith("the searcher io.jtune.engine.search.BasicVariantGenerator failed in restoreState: ")
                && restoreFailed.getMessage().contains("the saved search had 3 variants but this space, numSamples and points give 5"), restoreFailed.getMessage());
        assertEquals(saved, Files.readString(stateFile), "a refused or failed restore leaves the state as it was");
    }

    private void assertRefused(Supplier<Tuner> restore, String difference) {
        TuneException e = assertThrows(TuneException.class, () -> restore.get().machineResources(Runs.TWO_CPUS).progress(false).fit());
        assertTrue(e.getMessage().startsWith("cannot resume the experiment in " + dir() + ": " + difference), e.getMessage());
    }

    @Test
    void factoryAndFunctionTrainablesAreRestoredUnderTheNameSavedWithTheExperiment() {
        Callback interrupt = new Callback() {
            @Override
            public void onTrialResult(TrialView trial, Result result) {
                if (result.trainingIteration() == 2) {
                    throw new IllegalStateException("interrupted");
                }
            }
        };
        StopAt stop = StopAt.iteration(3);
        assertThrows(ComponentException.class, () -> Tuner.of("made", CountingTrainable::new).name("made").storagePath(storage)
                .seed(1).machineResources(Runs.TWO_CPUS).progress(false).stop(stop).callbacks(interrupt).fit());
        ResultGrid made = Tuner.restore(storage.resolve("made"), CountingTrainable::new).stop(StopAt.iteration(3))
                .machineResources(Runs.TWO_CPUS).progress(false).fit();
        assertEquals(TrialStatus.TERMINATED, made.get(0).status());
        assertTrue(made.get(0).name().startsWith("made_"), made.get(0).name());

        TrainFunction reporter = (config, session) -> {
            for (int i = 0; i < 3; i++) {
                session.report(Map.of("i", i));
            }
        };
        assertThrows(ComponentException.class, () -> Tuner.of("reported", reporter).name("reported").storagePath(storage).seed(1)
                .machineResources(Runs.TWO_CPUS).progress(false).callbacks(interrupt).fit());
        ResultGrid reported = Tuner.restore(storage.resolve("reported"), reporter).machineResources(Runs.TWO_CPUS).progress(false).fit();
        assertEquals(TrialStatus.TERMINATED, reported.get(0).status());
        assertEquals(3, reported.get(0).history().size(), "a function without checkpoints starts over; its results are logged once");
    }

    @Test
    void aRestoredExperimentKeepsItsFolderAndSeedAndAFreshTunerHasNoResumeMode() {
        interruptedRun();
        Tuner restored = Tuner.restore(dir(), Counter.class);
        assertTrue(assertThrows(IllegalStateException.class, () -> restored.name("elsewhere")).getMessage().contains("continues in " + dir()));
        assertThrows(IllegalStateException.class, () -> restored.storagePath(storage.resolve("x")));
        assertThrows(IllegalStateException.class, () -> restored.seed(6));
        IllegalStateException fresh = assertThrows(IllegalStateException.class, () -> Tuner.of(Counter.class).resume(ResumeMode.ERRORED));
        assertTrue(fresh.getMessage().contains("Tuner.restore"), fresh.getMessage());
    }

    @Test
    void aDefaultNameTakenInTheSameSecondGetsASuffix() throws IOException {
        DateTimeFormatter format = DateTimeFormatter.ofPattern("yyyy-MM-dd_HH-mm-ss");
        LocalDateTime now = LocalDateTime.now();
        for (int s = 0; s < 10; s++) {
            Path taken = Files.createDirectories(storage.resolve("once_" + now.plusSeconds(s).format(format)));
            Files.writeString(taken.resolve(ExperimentState.FILE), "taken");
        }
        ResultGrid grid = Tuner.of("once", (config, session) -> session.report(Map.of("x", 1))).storagePath(storage)
                .machineResources(Runs.TWO_CPUS).progress(false).fit();
        assertTrue(grid.experimentDir().getFileName().toString().matches("once_\\d{4}-\\d\\d-\\d\\d_\\d\\d-\\d\\d-\\d\\d_2"), grid.experimentDir().toString());
        assertTrue(Files.readString(grid.experimentDir().resolve(ExperimentState.FILE)).contains("\"trials\""));
    }
}
