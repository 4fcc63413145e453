package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.space.Space;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.api.trainable.TrainFunction;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.runner.guard.ComponentException;
import io.jtune.engine.runner.state.ExperimentState;
import io.jtune.engine.schedule.AsyncHyperBandScheduler;
import io.jtune.engine.schedule.PbtMutation;
import io.jtune.engine.schedule.PbtToyProblemTest;
import io.jtune.engine.schedule.PopulationBasedTraining;
import io.jtune.engine.search.tpe.TpeSearch;
import io.jtune.engine.testing.StopAt;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
/**
 * Deterministic mode of width 4: runs with the same seed at concurrency 4, 2 and 1, whose trials
 * are slowed down on opposite halves of the space (so results arrive in very different orders),
 * write the same trial folders with the same {@code params.json} and byte for byte the same
 * {@code result.json}, but for the wall-clock auto fields {@link #WALL_CLOCK} (measured, so they
 * differ run to run); a restore continues in the same mode, whatever concurrency it is given.
 */
@Timeout(180)
class DeterministicModeTest {
    private static final ResourceRequest FOUR_CPUS = new ResourceRequest(4, 0, 1L << 30, Map.of());
    private static final int WIDTH = 4;
    /** The auto fields read off the wall clock, taken out of result.json before comparing. */
    private static final Pattern WALL_CLOCK = Pattern.compile(
            "\"(time_this_iter_s|time_total_s|time_since_restore|timestamp|date)\":(\"[^\"]*\"|[^,}]*),?");
    private static final long SLOW_STEP_NANOS = 2_000_000;
    private static final SearchSpace XY = SearchSpace.builder().uniform("x", -1, 1).uniform("y", -1, 1).build();

    @TempDir
    Path storage;

    /** Slows a step down when the value is on the slow side: negative values in one run, positive in the other. */
    private static void maybeSlow(double value, boolean slowNegative) {
        if (value < 0 == slowNegative) {
            LockSupport.parkNanos(SLOW_STEP_NANOS);
        }
    }

    /** A curve whose steps count themselves in {@code computing} while they run; {@code most} keeps the most at once. */
    private static TrainFunction curve(boolean slowNegative, AtomicInteger computing, AtomicInteger most) {
        return (config, session) -> {
            double x = config.getDouble("x");
            double y = config.getDouble("y");
            for (int i = 1; i <= 9; i++) {
                most.accumulateAndGet(computing.incrementAndGet(), Math::max);
                maybeSlow(x, slowNegative);
                double loss = (x - 0.3) * (x - 0.3) + y * y + 1.0 / i;
                computing.decrementAndGet();
                session.report(Map.of("loss", loss));
            }
        };
    }

    private Tuner quiet(Tuner tuner, String name, int concurrency) {
        return tuner.name(name).storagePath(storage).machineResources(FOUR_CPUS).maxConcurrentTrials(concurrency).seed(42).progress(false)
                .deterministic(WIDTH);
    }

    private static AsyncHyperBandScheduler asha() {
        return AsyncHyperBandScheduler.builder().maxT(9).gracePeriod(1).reductionFactor(3).build();
    }

    /** TPE + ASHA over 24 trials; returns the most steps that computed at once. */
    private int tpeWithAsha(String name, int concurrency, boolean slowNegative) {
        AtomicInteger most = new AtomicInteger();
        ResultGrid grid = quiet(Tuner.of("curve", curve(slowNegative, new AtomicInteger(), most)), name, concurrency)
                .space(XY).metric("loss", Mode.MIN).searcher(new TpeSearch()).numSamples(24).scheduler(asha())
                .fit();
        assertEquals(24, grid.size());
        assertTrue(grid.trials().stream().anyMatch(t -> t.history().size() < 9), "ASHA stopped some trials early");
        return most.get();
    }

    @Test
    void tpeWithAshaGivesTheSameRunAtConcurrencyFourTwoAndOne() throws IOException {
        assertTrue(tpeWithAsha("tpe-4", 4, true) <= 4);
        tpeWithAsha("tpe-4b", 4, false);
        assertTrue(tpeWithAsha("tpe-2", 2, true) <= 2, "at most 2 steps computed at once");
        assertEquals(1, tpeWithAsha("tpe-1", 1, false), "one step computed at a time");
        for (String other : new String[] {"tpe-4b", "tpe-2", "tpe-1"}) {
            assertSameFiles(storage.resolve("tpe-4"), storage.resolve(other));
        }
    }

    @Test
    void aStepWaitingForItsTurnIsNotTakenForAStall() {
        TrainFunction steady = (config, session) -> {
            for (int i = 1; i <= 3; i++) {
                LockSupport.parkNanos(200_000_000L);
                session.report(Map.of("loss", config.getDouble("x") / i));
            }
        };
        // one slot for a width of 4: each step waits for three others (600 ms), longer than the 500 ms limit
        ResultGrid grid = quiet(Tuner.of("steady", steady), "waiting", 1).stallTimeout(Duration.ofMillis(500))
                .space(XY).metric("loss", Mode.MIN).numSamples(4).fit();
        for (TrialOutcome trial : grid.trials()) {
            assertEquals(TrialStatus.TERMINATED, trial.status(), trial.id());
            assertEquals(0, trial.numFailures(), trial.id() + " was never taken for stalled");
        }
    }

    @Test
    void aWidthTheMachineCannotHoldIsRefusedNamingIt() {
        Tuner tuner = Tuner.of("curve", curve(true, new AtomicInteger(), new AtomicInteger())).name("too-wide").storagePath(storage)
                .machineResources(new ResourceRequest(2, 0, 1L << 30, Map.of())).seed(1).progress(false).deterministic(WIDTH)
                .space(XY).metric("loss", Mode.MIN).numSamples(2);
        TuneException e = assertThrows(TuneException.class, tuner::fit);
        assertTrue(e.getMessage().contains("width 4") && e.getMessage().contains("holds only 2") && e.getMessage().contains("Tuner.deterministic(width)"),
                e.getMessage());
    }

    /** Ends the first run after {@code results} results, as an interruption would (the state is saved on the way out). */
    private static final class InterruptAfter implements Callback {
        private final int results;
        private int seen;

        InterruptAfter(int results) {
            this.results = results;
        }

        @Override
        public void onTrialResult(TrialView trial, Result result) {
            if (++seen == results) {
                throw new IllegalStateException("interrupted after " + results + " results");
            }
        }
    }

    /** Continues the interrupted experiment copied to {@code dir} at {@code concurrency}, without saying deterministic again. */
    private static ResultGrid restore(Path dir, int concurrency, boolean slowNegative) {
        Tuner tuner = Tuner.restore(dir, curve(slowNegative, new AtomicInteger(), new AtomicInteger()))
                .space(XY).searcher(new TpeSearch()).scheduler(asha()).machineResources(FOUR_CPUS).maxConcurrentTrials(concurrency).progress(false);
        assertEquals(WIDTH, tuner.spec().deterministicWidth(), "the restored experiment is deterministic with its width");
        return tuner.fit();
    }

    @Test
    void aRestoreAfterAnInterruptionContinuesDeterministicallyAtAnyConcurrency() throws IOException {
        Tuner first = quiet(Tuner.of("curve", curve(true, new AtomicInteger(), new AtomicInteger())), "interrupted", 4)
                .space(XY).metric("loss", Mode.MIN).searcher(new TpeSearch()).numSamples(24).scheduler(asha()).callbacks(new InterruptAfter(60));
        assertThrows(ComponentException.class, first::fit);
        Path saved = storage.resolve("interrupted");
        assertEquals(WIDTH, (int) ExperimentState.read(saved.resolve(ExperimentState.FILE)).settings().deterministicWidth(), "the width is saved");
        Path one = copy(saved, storage.resolve("copies-1").resolve("interrupted"));
        Path four = copy(saved, storage.resolve("copies-4").resolve("interrupted"));
        ResultGrid atOne = restore(one, 1, false);
        ResultGrid atFour = restore(four, 4, true);
        assertEquals(24, atOne.size());
        assertTrue(atOne.trials().stream().allMatch(t -> t.status() == TrialStatus.TERMINATED), "every trial ended");
        assertEquals(24, atFour.size());
        assertSameFiles(one, four);
    }

    @Test
    void aStateSavedBeforeTheWidthExistedRestoresWithTheModeOff() throws IOException {
        quiet(Tuner.of("curve", curve(true, new AtomicInteger(), new AtomicInteger())), "old", 4).space(XY).metric("loss", Mode.MIN).numSamples(2).fit();
        Path file = storage.resolve("old").resolve(ExperimentState.FILE);
        String saved = Files.readString(file);
        Pattern width = Pattern.compile(",\\s*\"deterministic_width\"\\s*:\\s*4");
        assertTrue(width.matcher(saved).find(), saved);
        Files.writeString(file, width.matcher(saved).replaceAll(""));
        assertNull(ExperimentState.read(file).settings().deterministicWidth());
        assertEquals(0, Tuner.restore(storage.resolve("old"), curve(true, new AtomicInteger(), new AtomicInteger())).space(XY).spec().deterministicWidth(),
                "restored with deterministic mode off");
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else if (!p.getFileName().toString().equals(".jtune-lock")) {
                    Files.copy(p, target);
                }
            }
        }
        return to;
    }

    /** The PBT paper's toy trainable ({@link PbtToyProblemTest.ToyTrainable}), slowed down on one side of h0 = 0.5. */
    private static final class SlowedToy implements ClassTrainable {
        private final PbtToyProblemTest.ToyTrainable toy = new PbtToyProblemTest.ToyTrainable();
        private final boolean slowNegative;
        private double h0;

        SlowedToy(boolean slowNegative) {
            this.slowNegative = slowNegative;
        }

        @Override
        public void setup(Config config) {
            h0 = config.getDouble("h0");
            toy.setup(config);
        }

        @Override
        public Map<String, ?> step() {
            maybeSlow(h0 - 0.5, slowNegative);
            return toy.step();
        }

        @Override
        public boolean supportsCheckpoints() {
            return true;
        }

        @Override
        public void save(Path dir) throws Exception {
            toy.save(dir);
        }

        @Override
        public void restore(Path dir) throws Exception {
            toy.restore(dir);
        }
    }

    /** Runs asynchronous PBT over six trials, {@code concurrency} at once; returns how often it exploited. */
    private int pbt(String name, int concurrency, boolean slowNegative) {
        PopulationBasedTraining pbt = PopulationBasedTraining.builder().timeAttr(Result.TRAINING_ITERATION).perturbationInterval(3)
                .mutate("h0", PbtMutation.domain(Space.uniform(0, 1))).mutate("h1", PbtMutation.domain(Space.uniform(0, 1))).build();
        quiet(Tuner.of("toy", () -> new SlowedToy(slowNegative)), name, concurrency)
                .space(SearchSpace.builder().uniform("h0", 0, 1).uniform("h1", 0, 1).build())
                .metric("Q", Mode.MAX).numSamples(6).scheduler(pbt).stop(StopAt.iteration(24))
                .fit();
        return pbt.numPerturbations();
    }

    @Test
    void asynchronousPbtGivesTheSameRunAtConcurrencyFourTwoAndOne() throws IOException {
        int exploits = pbt("pbt-4", 4, true);
        assertTrue(exploits > 0, "PBT exploited some trials");
        assertEquals(exploits, pbt("pbt-4b", 4, false));
        assertEquals(exploits, pbt("pbt-2", 2, true));
        assertEquals(exploits, pbt("pbt-1", 1, false));
        for (String other : new String[] {"pbt-4b", "pbt-2", "pbt-1"}) {
            assertSameFiles(storage.resolve("pbt-4"), storage.resolve(other));
        }
    }

    /** The same trial folders, the same params.json, and result.json the same but for the wall-clock fields. */
    private static void assertSameFiles(Path a, Path b) throws IOException {
        Map<String, String> first = trialFiles(a);
        Map<String, String> second = trialFiles(b);
        assertEquals(first.keySet(), second.keySet(), "the same trial folders");
        assertTrue(first.size() > 2, "trial files were written: " + first.keySet());
        first.forEach((file, text) -> assertEquals(text, second.get(file), file));
    }

    private static Map<String, String> trialFiles(Path experiment) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(experiment)) {
            for (Path file : all.filter(f -> f.getFileName().toString().equals("result.json") || f.getFileName().toString().equals("params.json")).toList()) {
                String text = Files.readString(file);
                files.put(experiment.relativize(file).toString(), file.endsWith("result.json") ? WALL_CLOCK.matcher(text).replaceAll("") : text);
            }
        }
        return files;
    }
}
