package io.jtune.api.trainable;

import io.jtune.api.Config;
import java.nio.file.Path;
import java.util.Map;

/**
 * The class API of a trainable (Ray Tune's {@code tune.Trainable}). The executor creates one
 * instance per trial (or reuses one through {@link #reset}), calls {@link #setup} once, then
 * {@link #step} once per training iteration, always from one thread at a time.
 *
 * <p>{@code step} returns the metrics of one iteration. The keys {@code done} (true ends the trial)
 * and {@code should_checkpoint} (true asks for a checkpoint now) are honoured as in Ray Tune.
 * The runner adds the auto fields ({@code training_iteration} and the rest).
 *
 * <p>A class annotated with {@link io.jtune.api.Trainable} needs no interface: the engine generates
 * an implementation of this one around it.
 */
public interface ClassTrainable {

    /** Called once with the trial's config before the first step, and never again on this instance unless {@link #reset} returns false. */
    void setup(Config config) throws Exception;

    /** Runs one training iteration and returns its metrics. */
    Map<String, ?> step() throws Exception;

    /** Writes everything needed to resume into the (existing, empty) directory. */
    default void save(Path dir) throws Exception {
        throw new UnsupportedOperationException(getClass().getName() + " does not implement save(Path): override save and restore to enable checkpoints");
    }

    /** Restores the state {@link #save} wrote into {@code dir}. */
    default void restore(Path dir) throws Exception {
        throw new UnsupportedOperationException(getClass().getName() + " does not implement restore(Path): override save and restore to enable checkpoints");
    }

    /** True when this class overrides {@link #save} and {@link #restore}. */
    default boolean supportsCheckpoints() {
        return false;
    }

    /**
     * Reconfigures this instance for a new trial's config, as Ray's {@code reset_config}.
     * Return true when the instance can be reused as if freshly set up; false (the default) makes
     * the executor create a new instance.
     */
    default boolean reset(Config newConfig) throws Exception {
        return false;
    }

    /** Releases what the instance holds; called once when the trial stops or pauses. */
    default void cleanup() throws Exception {
    }
}
