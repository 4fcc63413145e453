package io.jtune.engine.runner;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.engine.Tuner;
import io.jtune.engine.runner.state.ExperimentState;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.stop.Stoppers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Map;
/**
 * Run in child JVMs by {@link KillAndResumeTest}: a seeded experiment of {@value #TRIALS} trials of
 * {@value #ITERATIONS} iterations, two at a time, checkpointing every third iteration and keeping
 * two checkpoints. It starts the experiment in {@code args[0]} when the folder holds none, and
 * continues it with {@link Tuner#restore} when it does. Each step appends a byte to the file
 * {@code args[1]}, so the test sees the steps taken as they happen.
 */
public final class KillableExperiment {
    static final String NAME = "killable";
    static final int TRIALS = 6;
    static final int ITERATIONS = 20;
    private static final long SEED = 20_240_607L;
    /** Where steps are counted in a child JVM; null in the test's own uninterrupted run. */
    private static volatile Path steps;

    private KillableExperiment() {
    }

    public static void main(String[] args) {
        Path storage = Path.of(args[0]);
        steps = Path.of(args[1]);
        Path dir = storage.resolve(NAME);
        Tuner tuner = Files.exists(dir.resolve(ExperimentState.FILE))
                ? Tuner.restore(dir, Quadratic.class).stop(Stoppers.metricThreshold(Result.TRAINING_ITERATION, ITERATIONS, Mode.MAX))
                : fresh(storage);
        tuner.space(space()).snapshotPeriod(Duration.ofMillis(100)).machineResources(new ResourceRequest(2, 0, 1L << 30, Map.of()))
                .progress(false).fit();
    }

    /** The experiment as it starts; an uninterrupted run of it is the reference the resumed one must match. */
    static Tuner fresh(Path storage) {
        return Tuner.of(Quadratic.class).name(NAME).storagePath(storage).seed(SEED).numSamples(TRIALS).metric("loss", Mode.MIN)
                .stop(Stoppers.metricThreshold(Result.TRAINING_ITERATION, ITERATIONS, Mode.MAX))
                .checkpoint(CheckpointPolicy.every(3).keepLatest(2)).maxConcurrentTrials(2);
    }

    static SearchSpace space() {
        return SearchSpace.builder().uniform("x", -1, 1).loguniform("lr", 0.01, 0.5).build();
    }

    /**
     * A deterministic objective with state: {@code w} descends on {@code (w - x)^2} with rate
     * {@code lr}; each step also takes a few milliseconds, as training does. The state is saved with
     * exact doubles, so a restored trial reports what an uninterrupted one reports.
     */
    public static final class Quadratic implements ClassTrainable {
        private double x;
        private double lr;
        private double w;

        @Override
        public void setup(Config config) {
            x = config.getDouble("x");
            lr = config.getDouble("lr");
            w = 2;
        }

        @Override
        public Map<String, ?> step() throws Exception {
            Thread.sleep(30);
            Path counter = steps;
            if (counter != null) {
                Files.write(counter, new byte[] {1}, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            }
            w -= lr * 2 * (w - x);
            return Map.of("loss", (w - x) * (w - x) + 0.1 * x * x, "w", w);
        }

        @Override
        public boolean supportsCheckpoints() {
            return true;
        }

        @Override
        public void save(Path dir) throws Exception {
            Files.writeString(dir.resolve("w"), Long.toString(Double.doubleToRawLongBits(w)));
        }

        @Override
        public void restore(Path dir) throws Exception {
            w = Double.longBitsToDouble(Long.parseLong(Files.readString(dir.resolve("w"))));
        }
    }
}
