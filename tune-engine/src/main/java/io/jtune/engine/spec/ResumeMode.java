package io.jtune.engine.spec;


/**
 * Which trials a restored experiment continues ({@link io.jtune.engine.Tuner#restore}), as Ray Tune's
 * {@code Tuner.restore} flags {@code resume_unfinished}, {@code resume_errored} and
 * {@code restart_errored}. Unfinished trials (PENDING, RUNNING, PAUSED) always continue from their
 * latest checkpoint (RUNNING ones become PENDING); TERMINATED trials stay as they are.
 */
public enum ResumeMode {
    /** ERROR trials stay ERROR (Ray Tune's default). */
    UNFINISHED,
    /** ERROR trials continue from their latest checkpoint too, keeping their failure count. */
    ERRORED,
    /** ERROR trials run again from scratch: their checkpoints, results and failure count are dropped (error.txt keeps the old failures). */
    RESTART_ERRORED
}
