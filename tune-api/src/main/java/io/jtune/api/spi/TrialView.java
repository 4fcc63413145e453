package io.jtune.api.spi;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.trainable.CheckpointDir;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A read-only view of one trial, as SPIs see it. Read it only within an SPI call (the driver's,
 * {@linkplain io.jtune.api.spi one at a time}); it reflects the trial's state at that moment.
 */
public interface TrialView {

    /** Unique within the experiment, e.g. {@code 8f3a1_00003}. */
    String id();

    /** The folder name: {@code <trainable>_<trial_id>_<tag>}. */
    String name();

    /** The experiment tag: the trial's index and its sampled values, e.g. {@code 3_lr=0.01,units=64}. */
    String experimentTag();

    Config config();

    TrialStatus status();

    /** The latest result, or null before the first one. */
    Result lastResult();

    ResourceRequest resources();

    /** How many times this trial has failed so far. */
    int numFailures();

    /** The checkpoint it would resume from, if any. */
    Optional<CheckpointDir> latestCheckpoint();

    /** The trial's own folder inside the experiment folder. */
    Path localDir();
}
