package io.jtune.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.TrialStatus;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.space.Space;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.engine.stop.Stoppers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tunes gradient descent on f(w) = (w - 3)^2: 2 optimizers (grid) x 25 samples of the learning rate
 * (log-uniform) and the start point (random integer) = 50 trials of 20 steps, through
 * {@link Tuner#fit()} with every default output on.
 */
// a hang (a lost event) fails the class instead of blocking the build; no test asserts a duration
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class TunerEndToEndTest {
    private static final double TARGET = 3;
    private static final int STEPS = 20;

    @TempDir
    Path storage;

    /** One gradient step per iteration; the loss is the objective at the new point. */
    public static final class GradientDescent implements ClassTrainable {
        private boolean momentum;
        private double lr;
        private double w;
        private double velocity;

        @Override
        public void setup(Config config) {
            momentum = config.getString("optimizer").equals("momentum");
            lr = config.getDouble("lr");
            w = config.getInt("start");
        }

        @Override
        public Map<String, ?> step() {
            double grad = 2 * (w - TARGET);
            velocity = momentum ? 0.5 * velocity + grad : grad;
            w -= lr * velocity;
            return Map.of("loss", (w - TARGET) * (w - TARGET), "w", w);
        }
    }

    /** The loss after {@code steps} steps, computed here independently of the engine. */
    private static double expectedLoss(Config config, int steps) {
        GradientDescent g = new GradientDescent();
        g.setup(config);
        double loss = Double.NaN;
        for (int i = 0; i < steps; i++) {
            loss = (double) g.step().get("loss");
        }
        return loss;
    }

    @Test
    void tunesARealObjectiveAndLeavesEveryOutputFile() throws IOException {
        SearchSpace space = SearchSpace.builder()
                .grid("optimizer", "sgd", "momentum")
                .loguniform("lr", 1e-3, 1.2)
                .add("start", Space.randint(-10, 10))
                .build();
        ResultGrid grid = Tuner.of(GradientDescent.class)
                .name("descent")
                .storagePath(storage)
                .space(space)
                .metric("loss", Mode.MIN)
                .numSamples(25)
                .stop(Stoppers.maximumIteration(STEPS))
                .machineResources(new ResourceRequest(2, 0, 1L << 30, Map.of()))
                .seed(42)
                .progress(false)
                .fit();

        Path experiment = storage.toAbsolutePath().resolve("descent");
        assertEquals(experiment, grid.experimentDir());
        assertEquals(50, grid.size());
        assertEquals(0, grid.numErrors());

        double bestExpected = Double.POSITIVE_INFINITY;
        Set<String> optimizers = new HashSet<>();
        Set<Double> rates = new HashSet<>();
        ObjectMapper json = new ObjectMapper();
        for (TrialOutcome t : grid.trials()) {
            assertEquals(TrialStatus.TERMINATED, t.status(), t.name());
            assertEquals(STEPS, t.history().size());
            double expected = expectedLoss(t.config(), STEPS);
            assertEquals(expected, t.lastResult().getDouble("loss"), 1e-9 * Math.max(1, expected), t.name());
            bestExpected = Math.min(bestExpected, expected);
            optimizers.add(t.config().getString("optimizer"));
            rates.add(t.config().getDouble("lr"));
            double lr = t.config().getDouble("lr");
            assertTrue(lr >= 1e-3 && lr < 1.2);

            Path dir = t.dir();
            assertEquals(experiment, dir.getParent());
            assertTrue(dir.getFileName().toString().startsWith("GradientDescent_" + t.id() + "_"), dir.toString());
            JsonNode params = json.readTree(dir.resolve("params.json").toFile());
            assertEquals(t.config().getString("optimizer"), params.get("optimizer").asText());
            assertEquals(t.config().getDouble("lr"), params.get("lr").asDouble());
            List<String> lines = Files.readAllLines(dir.resolve("result.json"));
            assertEquals(STEPS, lines.size());
            for (int i = 0; i < STEPS; i++) {
                JsonNode line = json.readTree(lines.get(i));
                assertEquals(i + 1, line.get("training_iteration").asInt());
                assertEquals(t.id(), line.get("trial_id").asText());
                assertEquals(i == STEPS - 1, line.get("done").asBoolean());
                assertEquals(t.config().getInt("start"), line.get("config").get("start").asInt());
            }
            assertEquals(t.lastResult().getDouble("loss"), json.readTree(lines.get(STEPS - 1)).get("loss").asDouble(), 0);
            List<String> csv = Files.readAllLines(dir.resolve("progress.csv"));
            assertEquals(STEPS + 1, csv.size(), "a header and one row a result");
            assertTrue(csv.get(0).contains("loss") && csv.get(0).contains("training_iteration"));
            assertFalse(Files.exists(dir.resolve("error.txt")));
        }
        assertEquals(Set.of("sgd", "momentum"), optimizers);
        assertEquals(50, rates.size(), "every trial drew its own learning rate");
        try (Stream<Path> folders = Files.list(experiment)) {
            assertEquals(50, folders.filter(Files::isDirectory).count());
        }

        ResultGrid.BestResult best = grid.getBestResult();
        assertEquals(bestExpected, best.value(), 0);
        assertEquals(bestExpected, expectedLoss(best.config(), STEPS), 0);
        assertTrue(best.value() < 1e-6, "tuning found a rate that converges, got " + best.value());
    }

    @Test
    void aThrowingTrainableErrorsItsTrialWithItsTraceInErrorTxtAndTheOthersFinish() throws IOException {
        SearchSpace space = SearchSpace.builder().grid("failAt", 0, 3, 0).build();
        ResultGrid grid = Tuner.of("flaky", (config, session) -> {
                    for (int i = 1; i <= 5; i++) {
                        if (i == config.getInt("failAt")) {
                            throw new ArithmeticException("boom at " + i);
                        }
                        session.report(Map.of("score", i));
                    }
                })
                .name("flaky").storagePath(storage).space(space).metric("score", Mode.MAX)
                .machineResources(new ResourceRequest(2, 0, 1L << 30, Map.of())).seed(1).progress(false)
                .fit();
        assertEquals(3, grid.size());
        assertEquals(1, grid.numErrors());
        TrialOutcome failed = grid.errors().get(0);
        assertEquals(TrialStatus.ERROR, failed.status());
        assertEquals(2, failed.history().size());
        assertTrue(failed.errorTrace().contains("ArithmeticException: boom at 3"));
        assertTrue(Files.readString(failed.dir().resolve("error.txt")).contains("boom at 3"));
        assertEquals(2, grid.trials().stream().filter(t -> t.status() == TrialStatus.TERMINATED).count());
        assertEquals(5.0, grid.getBestResult().value());
    }
}
