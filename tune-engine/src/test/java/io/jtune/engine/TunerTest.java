package io.jtune.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.Param;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Step;
import io.jtune.api.TrialStatus;
import io.jtune.api.Uniform;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.engine.schedule.FifoScheduler;
import io.jtune.engine.search.BasicVariantGenerator;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.spec.DetectedMachine;
import io.jtune.engine.spec.ExperimentSpec;
import io.jtune.engine.stop.Stoppers;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
class TunerTest {
    @TempDir
    Path storage;

    /** An annotated trainable: the adapter runs it. */
    @io.jtune.api.Trainable(name = "line", metric = "y", mode = "max")
    public static class Line {
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

    @Test
    void anAnnotatedClassRunsThroughItsGeneratedAdapterUnderItsName() {
        ResultGrid grid = Tuner.of(Line.class).name("annotated").storagePath(storage).numSamples(3)
                .stop(Stoppers.maximumIteration(4)).machineResources(new ResourceRequest(2, 0, 1L << 30, Map.of()))
                .seed(5).progress(false).outputFiles(false).fit();
        assertEquals(3, grid.size());
        assertTrue(grid.experimentDir().endsWith("annotated"));
        for (TrialOutcome t : grid.trials()) {
            assertTrue(t.name().startsWith("line_" + t.id() + "_"), t.name());
            assertEquals(TrialStatus.TERMINATED, t.status());
            assertEquals(4 * t.config().getDouble("slope"), t.lastResult().getDouble("y"), 1e-12);
        }
    }

    /** Not trainable at all. */
    public static class Plain {
    }

    /** ClassTrainable, but without a no-arg constructor. */
    public static class NeedsArgument implements ClassTrainable {
        public NeedsArgument(int x) {
        }

        @Override
        public void setup(Config config) {
        }

        @Override
        public Map<String, ?> step() {
            return Map.of();
        }
    }

    @Test
    void badTrainablesAndSettingsAreRefusedNamingTheProblem() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Tuner.of(Plain.class));
        assertTrue(e.getMessage().contains(Plain.class.getName()) && e.getMessage().contains("@io.jtune.api.Trainable"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Tuner.of(NeedsArgument.class));
        assertTrue(e.getMessage().contains("no no-arg constructor"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Tuner.of(ClassTrainable.class));
        assertTrue(e.getMessage().contains("abstract"), e.getMessage());
        Tuner tuner = Tuner.of("f", (config, session) -> { });
        assertTrue(assertThrows(IllegalArgumentException.class, () -> tuner.numSamples(0)).getMessage().contains("numSamples"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> tuner.maxFailures(-2)).getMessage().contains("maxFailures"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> tuner.metric(" ", Mode.MIN)).getMessage().contains("metric"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> tuner.name("a/b")).getMessage().contains("a/b"));
    }

    @Test
    void aTunerRunsOnce() {
        Tuner tuner = Tuner.of("once", (config, session) -> session.report(Map.of("x", 1))).name("once").storagePath(storage)
                .machineResources(new ResourceRequest(2, 0, 1L << 30, Map.of())).progress(false);
        assertEquals(1, tuner.fit().size());
        IllegalStateException e = assertThrows(IllegalStateException.class, tuner::fit);
        assertTrue(e.getMessage().contains("make a new Tuner"), e.getMessage());
    }

    @Test
    void defaultsAreRayTunesAndTheExperimentFolderIsNamedAfterTheTrainable() {
        ExperimentSpec spec = Tuner.of(Line.class).spec();
        assertTrue(spec.name().matches("line_\\d{4}-\\d\\d-\\d\\d_\\d\\d-\\d\\d-\\d\\d"), spec.name());
        assertEquals(Path.of("target/jtune").toAbsolutePath(), spec.storagePath(), "in a Maven project, under target/");
        assertEquals(java.util.Set.of("slope"), spec.space().domains().keySet(), "the @Param fields are the space");
        assertEquals("y", spec.metric());
        assertEquals(Mode.MAX, spec.mode());
        assertEquals(1, spec.numSamples());
        assertTrue(spec.searcher() instanceof BasicVariantGenerator);
        assertTrue(spec.scheduler() instanceof FifoScheduler);
        assertEquals(io.jtune.api.ResourceRequest.DEFAULT, spec.resources());
        assertEquals(DetectedMachine.resources(), spec.machine());
        assertEquals(0, spec.maxFailures());
        assertEquals(CheckpointPolicy.NONE, spec.checkpoint());
        assertEquals(4, spec.callbacks().size(), "JSON, CSV and error-file loggers and the progress table");
        assertEquals(0, Tuner.of(Line.class).progress(false).outputFiles(false).spec().callbacks().size());
    }

    @Test
    void anAnnotatedClassGetsEachDeclaredStopRuleOnce() {
        ExperimentSpec spec = Tuner.of(example.models.Declared.Everything.class).spec();
        int declared = io.jtune.engine.annotated.AnnotatedTrainables.experiment(example.models.Declared.Everything.class).stoppers().size();
        assertTrue(declared >= 3, "iterations, time budget, thresholds and plateau rules: " + declared);
        assertEquals(declared, spec.stoppers().size());
        assertEquals(1, Tuner.of(example.models.Descent.class).spec().stoppers().size(), "@Stop(iterations = 10)");
    }
}
