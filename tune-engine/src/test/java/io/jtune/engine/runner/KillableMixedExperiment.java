package io.jtune.engine.runner;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.engine.Tuner;
import io.jtune.engine.runner.state.ExperimentState;
import io.jtune.engine.schedule.AsyncHyperBandScheduler;
import io.jtune.engine.search.tpe.TpeSearch;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.stop.Stoppers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Map;
/**
 * Run in child JVMs by {@link KillAcrossSchedulersTest}: {@value #TRIALS} trials of at most
 * {@value #ITERATIONS} iterations ({@code Stoppers.maximumIteration}), two at a time, checkpointing
 * every second iteration, with FIFO, ASHA or TPE ({@code args[2]}); each trial fails once, at an
 * iteration that depends on its config, and is retried ({@code maxFailures(3)}). Starts the
 * experiment in {@code args[0]} or continues it with {@link Tuner#restore}; each step appends a
 * byte to {@code args[1]}.
 */
public final class KillableMixedExperiment {
    static final int TRIALS = 4;
    static final int ITERATIONS = 12;
    private static volatile Path steps;
    private static volatile Path failures;

    /** Which searcher and scheduler the experiment runs with. */
    enum Flavour { FIFO, ASHA, TPE }

    private KillableMixedExperiment() {
    }

    public static void main(String[] args) throws Exception {
        Path storage = Path.of(args[0]);
        steps = Path.of(args[1]);
        Flavour flavour = Flavour.valueOf(args[2]);
        failures = Files.createDirectories(storage.resolve("failures-" + flavour));
        Path dir = storage.resolve(flavour.name());
        Tuner tuner = Files.exists(dir.resolve(ExperimentState.FILE))
                ? Tuner.restore(dir, Flaky.class)
                : Tuner.of(Flaky.class).name(flavour.name()).storagePath(storage).seed(7).numSamples(TRIALS).metric("loss", Mode.MIN)
                        .checkpoint(CheckpointPolicy.every(2).keepLatest(2)).maxConcurrentTrials(2).maxFailures(3);
        tuner.space(KillableExperiment.space()).stop(Stoppers.maximumIteration(ITERATIONS));
        switch (flavour) {
            case FIFO -> { }
            case ASHA -> tuner.scheduler(AsyncHyperBandScheduler.builder().maxT(ITERATIONS).gracePeriod(2).reductionFactor(2).build());
            case TPE -> tuner.searcher(new TpeSearch());
        }
        tuner.snapshotPeriod(Duration.ofMillis(100)).machineResources(new ResourceRequest(2, 0, 1L << 30, Map.of())).progress(false).fit();
    }

    /**
     * {@link KillableExperiment.Quadratic}'s objective, and the trial throws once, at iteration 3 to 9
     * chosen by {@code x} (a marker file, surviving kills, says it did). Saves its iteration too.
     */
    public static final class Flaky implements ClassTrainable {
        private final KillableExperiment.Quadratic model = new KillableExperiment.Quadratic();
        private double x;
        private int iteration;

        @Override
        public void setup(Config config) {
            model.setup(config);
            x = config.getDouble("x");
        }

        @Override
        public Map<String, ?> step() throws Exception {
            Files.write(steps, new byte[] {1}, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            iteration++;
            Path marker = failures.resolve(Long.toHexString(Double.doubleToLongBits(x)));
            if (iteration == 3 + Math.floorMod(Double.hashCode(x), 7) && !Files.exists(marker)) {
                Files.writeString(marker, "failed at " + iteration);
                throw new IllegalStateException("planned failure at iteration " + iteration);
            }
            return model.step();
        }

        @Override
        public boolean supportsCheckpoints() {
            return true;
        }

        @Override
        public void save(Path dir) throws Exception {
            model.save(dir);
            Files.writeString(dir.resolve("iteration"), Integer.toString(iteration));
        }

        @Override
        public void restore(Path dir) throws Exception {
            model.restore(dir);
            iteration = Integer.parseInt(Files.readString(dir.resolve("iteration")));
        }
    }
}
