package io.jtune.engine.annotated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import example.models.Declared;
import example.models.PatientScheduler;
import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TuneException;
import io.jtune.api.space.Domain;
import io.jtune.api.space.Space;
import io.jtune.api.spi.Stopper;
import io.jtune.engine.schedule.FifoScheduler;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.stop.MetricThresholdStopper;
import io.jtune.engine.stop.TimeoutStopper;
import io.jtune.engine.stop.TrialPlateauStopper;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Experiment annotations read into what the Tuner is given. */
class ExperimentReaderTest {

    @Test
    void paramDomainsBecomeTheSearchSpaceThroughRaysFactories() {
        Map<String, Domain> expected = new LinkedHashMap<>();
        expected.put("u", Space.uniform(-1, 1));
        expected.put("qu", Space.quniform(0, 1, 0.25));
        expected.put("lr", Space.loguniform(1e-4, 1e-1));
        expected.put("noise", Space.randn(2, 0.5));
        expected.put("layers", Space.randint(1, 10));
        expected.put("width", Space.qlograndint(16, 256, 16));
        expected.put("activation", Space.choice("relu", "tanh"));
        expected.put("dropout", Space.choice(0.1, 0.2));
        expected.put("kind", Space.grid("A", "B"));
        expected.put("shuffle", Space.grid(true, false));
        assertEquals(expected, AnnotatedTrainables.experiment(Declared.Everything.class).space().domains());
    }

    @Test
    void everyExperimentAnnotationIsRead() {
        AnnotatedExperiment e = AnnotatedTrainables.experiment(Declared.Everything.class);
        assertEquals(Optional.of(new AnnotatedExperiment.Metric("loss", Mode.MIN)), e.metric());
        assertEquals(OptionalInt.of(8), e.numSamples());
        assertEquals(OptionalLong.of(1234), e.seed());
        assertEquals(Optional.of(new ResourceRequest(2, 0.5, 512L * 1024 * 1024, Map.of("tpu", 1.0))), e.resources());
        assertEquals(OptionalInt.of(3), e.maxConcurrentTrials());
        assertEquals(OptionalInt.of(2), e.maxFailures());
        assertEquals(Optional.of(new CheckpointPolicy(5, true, 2, "loss", Mode.MIN)), e.checkpoint());
        assertInstanceOf(Declared.OwnScheduler.class, e.scheduler().orElseThrow());
        assertInstanceOf(Declared.OwnSearcher.class, e.searcher().orElseThrow());
        assertTrue(e.reuseTrainables(), "a class with @Reset is reused");
    }

    @Test
    void stopRulesMapOntoRaysStoppers() {
        List<Stopper> stoppers = AnnotatedTrainables.experiment(Declared.Everything.class).stoppers();
        assertEquals(List.of(MetricThresholdStopper.class, TimeoutStopper.class, MetricThresholdStopper.class, MetricThresholdStopper.class, TrialPlateauStopper.class),
                stoppers.stream().map(Object::getClass).toList());
        for (int i = 1; i <= 20; i++) {
            assertEquals(i == 20, stoppers.get(0).shouldStop("t", Result.of(Map.of(Result.TRAINING_ITERATION, i))), "iterations = 20 stops at result " + i);
        }
        assertEquals(Duration.ofSeconds(90), ((TimeoutStopper) stoppers.get(1)).remaining());
        assertFalse(stoppers.get(2).shouldStop("t", Result.of(Map.of("loss", 0.02))));
        assertTrue(stoppers.get(2).shouldStop("t", Result.of(Map.of("loss", 0.01))), "atMost stops at or below the threshold");
        assertFalse(stoppers.get(3).shouldStop("t", Result.of(Map.of("accuracy", 0.98))));
        assertTrue(stoppers.get(3).shouldStop("t", Result.of(Map.of("accuracy", 0.995))), "atLeast stops at or above the threshold");
        Stopper plateau = stoppers.get(4);
        boolean stopped = false;
        for (int i = 1; i <= 5; i++) {
            stopped = plateau.shouldStop("t", Result.of(Map.of("loss", 0.5, Result.TRAINING_ITERATION, i)));
            assertEquals(i >= 5, stopped, "the plateau rule waits out its grace period of 5 results, got a stop at " + i);
        }
        assertTrue(stopped);
    }

    @Test
    void nothingDeclaredLeavesEveryDefault() {
        AnnotatedExperiment e = AnnotatedTrainables.experiment(Declared.Nothing.class);
        assertTrue(e.space().isEmpty());
        assertEquals(Optional.empty(), e.metric());
        assertEquals(OptionalInt.empty(), e.numSamples());
        assertEquals(OptionalLong.empty(), e.seed());
        assertEquals(List.of(), e.stoppers());
        assertEquals(Optional.empty(), e.resources());
        assertEquals(Optional.empty(), e.checkpoint());
        assertEquals(Optional.empty(), e.scheduler());
        assertEquals(Optional.empty(), e.searcher());
        assertFalse(e.reuseTrainables());
    }

    @Test
    void fifoIsBuiltByItsFactory() {
        assertInstanceOf(FifoScheduler.class, AnnotatedTrainables.experiment(Declared.Fifo.class).scheduler().orElseThrow());
    }

    @Test
    void annotationsOfOtherModulesAreBuiltByTheFactoryTheyName() {
        PatientScheduler s = (PatientScheduler) AnnotatedTrainables.experiment(Declared.Foreign.class).scheduler().orElseThrow();
        assertEquals(7, s.patience());
    }

    @Test
    void aFactoryMissingFromTheClassPathIsNamed() {
        TuneException e = assertThrows(TuneException.class, () -> AnnotatedTrainables.experiment(Declared.MissingFactory.class));
        assertEquals("@Missing on example.models.Declared$MissingFactory names factory example.absent.MissingFactory, which is not on the classpath:"
                + " add the module that provides @Missing to the dependencies", e.getMessage());
    }
}
