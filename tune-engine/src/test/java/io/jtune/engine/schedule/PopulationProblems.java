package io.jtune.engine.schedule;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.engine.Tuner;
import io.jtune.engine.testing.StateFile;
import io.jtune.engine.testing.StopAt;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The two population problems PB2 and PBT are compared on, each run through the real engine with
 * 4 trials taking turns on one CPU (so results arrive in one order and a seed repeats its run),
 * synchronous rounds every 4 iterations, 40 iterations a trial (equal budget), the initial configs
 * drawn from the space with the run's seed; the result is the best final metric of the population
 * (higher is better).
 *
 * <ul>
 *   <li>the PBT paper's toy problem (maximise Q = 1.2 - (t0^2 + t1^2) by ascending the surrogate
 *       with weights h0, h1 in [0, 1]; {@link PbtToyProblemTest.ToyTrainable});
 *   <li>a moving learning rate: progress per step is {@code 0.01 exp(-(log_lr - opt(t))^2 / 0.18)}
 *       with the best {@code log_lr} moving from -1 at the first iteration to -3 at the last, so a
 *       fixed rate falls behind and a schedule wins.
 * </ul>
 */
public final class PopulationProblems {
    public static final int TRIALS = 4;
    public static final int ITERATIONS = 40;
    public static final int INTERVAL = 4;
    private static final ResourceRequest ONE_CPU = new ResourceRequest(1, 0, 1L << 30, Map.of());

    private PopulationProblems() {
    }

    /** One problem: its trainable, its space, its metric, and the bounds of its parameters. */
    public record Problem(String name, String metric, Supplier<ClassTrainable> trainable, SearchSpace space, Map<String, double[]> bounds) {
    }

    public static Problem toy() {
        return new Problem("toy", "Q", PbtToyProblemTest.ToyTrainable::new, SearchSpace.builder().uniform("h0", 0, 1).uniform("h1", 0, 1).build(),
                new java.util.TreeMap<>(Map.of("h0", new double[] {0, 1}, "h1", new double[] {0, 1}))); // in name order: Map.of's order changes from JVM to JVM
    }

    public static Problem movingLearningRate() {
        return new Problem("moving-lr", "progress", MovingLearningRate::new, SearchSpace.builder().uniform("log_lr", -4, 0).build(),
                Map.of("log_lr", new double[] {-4, 0}));
    }

    /** PBT as the problem's parameters suggest: each mutated within its own domain (Ray's defaults otherwise). */
    public static TrialScheduler pbt(Problem p) {
        PopulationBasedTraining.Builder b = PopulationBasedTraining.builder().timeAttr(Result.TRAINING_ITERATION).perturbationInterval(INTERVAL).synch(true).logConfig(false);
        p.bounds().keySet().forEach(b::mutateFromSpace);
        return b.build();
    }

    /** PB2 over the problem's bounds (Ray's defaults otherwise). */
    public static TrialScheduler pb2(Problem p) {
        Pb2.Builder b = Pb2.builder().timeAttr(Result.TRAINING_ITERATION).perturbationInterval(INTERVAL).synch(true).logConfig(false);
        p.bounds().forEach((path, range) -> b.bound(path, range[0], range[1]));
        return b.build();
    }

    /** The best final metric of the population. */
    public static double bestFinal(Problem p, TrialScheduler scheduler, long seed, Path storage) {
        Map<String, Double> last = new ConcurrentHashMap<>();
        Tuner.of(p.name(), p.trainable())
                .name(p.name() + "_" + scheduler.getClass().getSimpleName() + "_" + seed + "_" + System.nanoTime())
                .storagePath(storage)
                .space(p.space())
                .metric(p.metric(), Mode.MAX)
                .numSamples(TRIALS)
                .scheduler(scheduler)
                .stop(StopAt.iteration(ITERATIONS))
                .machineResources(ONE_CPU)
                .seed(seed)
                .progress(false)
                .outputFiles(false)
                .callbacks(new Callback() {
                    @Override
                    public void onTrialResult(TrialView trial, Result result) {
                        last.put(trial.id(), result.getDouble(p.metric()));
                    }
                })
                .fit();
        return last.values().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    }

    /** Progress under a learning rate whose best value moves over training; the state is the progress and the step count. */
    public static final class MovingLearningRate implements ClassTrainable {
        private double progress;
        private int steps;
        private double logLr;

        @Override
        public void setup(Config config) {
            logLr = config.getDouble("log_lr");
        }

        @Override
        public Map<String, ?> step() {
            double best = -1 - 2.0 * steps / (ITERATIONS - 1);
            progress += 0.01 * Math.exp(-(logLr - best) * (logLr - best) / 0.18);
            steps++;
            return Map.of("progress", progress);
        }

        @Override
        public boolean supportsCheckpoints() {
            return true;
        }

        @Override
        public void save(Path dir) throws Exception {
            StateFile.save(dir, progress, steps);
        }

        @Override
        public void restore(Path dir) throws Exception {
            double[] state = StateFile.load(dir);
            progress = state[0];
            steps = (int) state[1];
        }
    }
}
