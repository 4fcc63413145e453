package io.jtune.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.TuneException;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.space.Space;
import io.jtune.engine.testing.CapturedLog;
import io.jtune.engine.testing.Runs;
import io.jtune.engine.trial.Trial;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 2, unit = TimeUnit.MINUTES)
class BadValuesNamedTest {
    @TempDir
    Path storage;

    @Test
    void aMetricReportedAsTextIsAnErrorNamingTheTrialTheMetricAndTheValue() {
        for (String text : List.of("0.5", "abc")) {
            Tuner tuner = Runs.quiet(Tuner.of("texty", (config, session) -> session.report(Map.of("loss", text))), storage.resolve(text))
                    .metric("loss", Mode.MIN);
            TuneException e = assertThrows(TuneException.class, () -> Runs.run(tuner));
            assertTrue(e.getMessage().matches("trial texty_\\w+_0 reported the metric 'loss' \\(which the experiment's metric reads\\) as \"" + text
                    + "\", a String at training_iteration 1; report a number.*"), e.getMessage());
        }
    }

    @Test
    void nanForTheExperimentsMetricIsWarnedOncePerTrialAndCounted() {
        Tuner tuner = Runs.quiet(Tuner.of("nan", (config, session) -> {
            for (int i = 0; i < 3; i++) {
                session.report(Map.of("loss", Double.NaN));
            }
        }), storage).metric("loss", Mode.MIN).numSamples(2);
        List<Trial> trials;
        try (CapturedLog log = new CapturedLog(io.jtune.engine.runner.TrialRunner.class.getPackageName() + ".MetricCheck")) {
            trials = Runs.run(tuner);
            for (Trial t : trials) {
                assertEquals(1, log.messages().stream().filter(m -> m.startsWith("trial " + t.name() + " reported loss = NaN at training_iteration 1")).count(),
                        log.messages().toString());
                assertTrue(log.messages().contains("trial " + t.name() + " reported NaN or infinity for loss in 3 results"), log.messages().toString());
            }
            assertEquals(4, log.messages().size(), log.messages().toString());
        }
    }

    @Test
    void aSearchSpaceKeyAddedTwiceIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SearchSpace.builder().uniform("lr", 0, 1).choice("lr", 1, 2));
        assertTrue(e.getMessage().startsWith("parameter 'lr' is in the search space twice"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SearchSpace.builder().add("x", Space.randint(0, 3)).constant("x", 1));
    }

    @Test
    void aQuantumThatIsNotPositiveNamesItsParameter() {
        for (double q : new double[] {0, -0.5, Double.NaN}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SearchSpace.builder().quniform("lr", 0, 1, q));
            assertEquals("parameter 'lr': q must be a finite value > 0, got q=" + q, e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> SearchSpace.builder().qloguniform("lr", 0.1, 1, q));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SearchSpace.builder().qrandint("layers", 1, 8, 0));
        assertEquals("parameter 'layers': q must be >= 1, got q=0", e.getMessage());
        assertEquals(0.25, ((io.jtune.api.space.FloatDomain) SearchSpace.builder().quniform("lr", 0, 1, 0.25).build().domains().get("lr")).q());
    }

    @Test
    void trialsRequestingNoCpuRunAtMostOnePerCpuWithoutMaxConcurrentTrials() {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger started = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        Tuner tuner = Runs.quiet(Tuner.of("free", (config, session) -> {
            most.accumulateAndGet(running.incrementAndGet(), Math::max);
            started.incrementAndGet();
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
            while (started.get() < 6 && System.nanoTime() < deadline) {
                Thread.onSpinWait(); // without a limit all six start at once and none waits
            }
            running.decrementAndGet();
            session.report(Map.of("x", 1));
        }), storage).resources(ResourceRequest.cpus(0)).numSamples(6);
        List<Trial> trials = Runs.run(tuner);
        assertEquals(6, trials.size());
        assertTrue(most.get() <= Runs.TWO_CPUS.cpu(), "at most one 0-CPU trial per CPU ran at once, saw " + most.get());
    }
}
