package io.jtune.engine;

import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.api.spi.Stopper;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.trainable.TrainFunction;
import io.jtune.api.trainable.Trainable;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * The entry point (Ray Tune's {@code Tuner}): what to train, over which space, with which
 * searcher, scheduler and stop rules, then {@link #fit()}.
 *
 * <pre>{@code
 * ResultGrid grid = Tuner.of(MyTrainable.class)
 *     .space(SearchSpace.builder().loguniform("lr", 1e-4, 1e-1).build())
 *     .metric("loss", Mode.MIN)
 *     .numSamples(20)
 *     .fit();
 * }</pre>
 *
 * A class annotated with {@code @Trainable} is configured from its annotations first; setters
 * called afterwards override them.
 */
public final class Tuner {
    // SKELETON: signatures are the contract for other modules; the engine-core work fills in fit().
    private Tuner() {
    }

    /** A class implementing {@link Trainable}, or one annotated with {@code @io.jtune.api.Trainable}. */
    public static Tuner of(Class<?> trainableClass) {
        throw new IllegalStateException("skeleton");
    }

    /** A function trainable; {@code name} names its trial folders. */
    public static Tuner of(String name, TrainFunction function) {
        throw new IllegalStateException("skeleton");
    }

    /** A class-API trainable made by a factory (one instance per trial, unless reused). */
    public static Tuner of(String name, Supplier<? extends Trainable> factory) {
        throw new IllegalStateException("skeleton");
    }

    public Tuner name(String experimentName) { return this; }
    public Tuner space(SearchSpace space) { return this; }
    public Tuner metric(String metric, Mode mode) { return this; }
    public Tuner numSamples(int numSamples) { return this; }
    public Tuner searcher(SearchAlgorithm searcher) { return this; }
    public Tuner scheduler(TrialScheduler scheduler) { return this; }
    public Tuner stop(Stopper stopper) { return this; }
    public Tuner resources(ResourceRequest perTrial) { return this; }
    public Tuner maxConcurrentTrials(int max) { return this; }
    public Tuner maxFailures(int maxFailures) { return this; }
    public Tuner checkpoint(CheckpointPolicy policy) { return this; }
    public Tuner reuseTrainables(boolean reuse) { return this; }
    public Tuner storagePath(Path storage) { return this; }
    public Tuner seed(long seed) { return this; }
    public Tuner callbacks(Callback... callbacks) { return this; }
    public Tuner progress(boolean show) { return this; }

    public ResultGrid fit() {
        throw new IllegalStateException("skeleton");
    }
}
