package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.space.Space;
import io.jtune.api.trainable.TrainFunction;
import io.jtune.api.trainable.Trainable;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.exec.MachineResources;
import io.jtune.engine.schedule.AsyncHyperBandScheduler;
import io.jtune.engine.schedule.PbtMutation;
import io.jtune.engine.schedule.PbtToyProblemTest;
import io.jtune.engine.schedule.PopulationBasedTraining;
import io.jtune.engine.search.tpe.TpeSearch;
import io.jtune.engine.testing.StopAt;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Deterministic mode: two runs with the same seed at concurrency 4, whose trials are slowed down on
 * opposite halves of the space (so results arrive in very different orders), write the same trial
 * folders with the same {@code params.json} and byte for byte the same {@code result.json}, but for
 * the wall-clock auto fields {@link #WALL_CLOCK} (measured, so they differ run to run).
 */
@Timeout(120)
class DeterministicModeTest {
    private static final MachineResources FOUR_CPUS = new MachineResources(4, 0, 1L << 30, Map.of());
    /** The auto fields read off the wall clock, taken out of result.json before comparing. */
    private static final Pattern WALL_CLOCK = Pattern.compile(
            "\"(time_this_iter_s|time_total_s|time_since_restore|timestamp|date)\":(\"[^\"]*\"|[^,}]*),?");
    private static final long SLOW_STEP_NANOS = 2_000_000;

    @TempDir
    Path storage;

    /** Slows a step down when the value is on the slow side: negative values in one run, positive in the other. */
    private static void maybeSlow(double value, boolean slowNegative) {
        if (value < 0 == slowNegative) {
            LockSupport.parkNanos(SLOW_STEP_NANOS);
        }
    }

    private static TrainFunction curve(boolean slowNegative) {
        return (config, session) -> {
            double x = config.getDouble("x");
            double y = config.getDouble("y");
            for (int i = 1; i <= 9; i++) {
                maybeSlow(x, slowNegative);
                session.report(Map.of("loss", (x - 0.3) * (x - 0.3) + y * y + 1.0 / i));
            }
        };
    }

    private Tuner quiet(Tuner tuner, String name) {
        return tuner.name(name).storagePath(storage).machineResources(FOUR_CPUS).maxConcurrentTrials(4).seed(42).progress(false).deterministic(true);
    }

    private ResultGrid tpeWithAsha(String name, boolean slowNegative) {
        return quiet(Tuner.of("curve", curve(slowNegative)), name)
                .space(SearchSpace.builder().uniform("x", -1, 1).uniform("y", -1, 1).build())
                .metric("loss", Mode.MIN).searcher(new TpeSearch()).numSamples(24)
                .scheduler(AsyncHyperBandScheduler.builder().maxT(9).gracePeriod(1).reductionFactor(3).build())
                .fit();
    }

    @Test
    void tpeWithAshaRepeatsItselfAtConcurrencyFour() throws IOException {
        ResultGrid first = tpeWithAsha("tpe-a", true);
        ResultGrid second = tpeWithAsha("tpe-b", false);
        assertEquals(24, first.size());
        assertTrue(first.trials().stream().anyMatch(t -> t.history().size() < 9), "ASHA stopped some trials early");
        assertSameFiles(storage.resolve("tpe-a"), storage.resolve("tpe-b"));
    }

    /** The PBT paper's toy trainable ({@link PbtToyProblemTest.ToyTrainable}), slowed down on one side of h0 = 0.5. */
    private static final class SlowedToy implements Trainable {
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

    /** Runs asynchronous PBT over six trials, four at once; returns how often it exploited. */
    private int pbt(String name, boolean slowNegative) {
        PopulationBasedTraining pbt = PopulationBasedTraining.builder().timeAttr(Result.TRAINING_ITERATION).perturbationInterval(3)
                .mutate("h0", PbtMutation.domain(Space.uniform(0, 1))).mutate("h1", PbtMutation.domain(Space.uniform(0, 1))).build();
        quiet(Tuner.of("toy", () -> new SlowedToy(slowNegative)), name)
                .space(SearchSpace.builder().uniform("h0", 0, 1).uniform("h1", 0, 1).build())
                .metric("Q", Mode.MAX).numSamples(6).scheduler(pbt).stop(StopAt.iteration(24))
                .fit();
        return pbt.numPerturbations();
    }

    @Test
    void asynchronousPbtRepeatsItselfAtConcurrencyFour() throws IOException {
        int exploits = pbt("pbt-a", true);
        assertTrue(exploits > 0, "PBT exploited some trials");
        assertEquals(exploits, pbt("pbt-b", false));
        assertSameFiles(storage.resolve("pbt-a"), storage.resolve("pbt-b"));
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
