package io.jtune.engine.spec;

/** What the experiment does when a trial errors for good (Ray Tune's {@code fail_fast}). */
public enum FailFast {
    /** Other trials go on (the default). */
    OFF,
    /** The experiment ends at the first trial error; {@code fit()} returns the results so far. */
    STOP,
    /** As {@link #STOP}, and {@code fit()} rethrows the trainable's exception. */
    RAISE
}
