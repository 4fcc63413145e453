package io.jtune.engine.spec;


/**
 * What a restore does when a checkpoint folder that {@code experiment_state.json} lists for a
 * continuing trial is gone from disk ({@link io.jtune.engine.Tuner#missingCheckpoints}). Either way each missing
 * folder is named in a warning or the error.
 */
public enum MissingCheckpoints {
    /** The trial continues from its latest checkpoint still on disk, or from scratch, with a warning naming it and the folder (the default). */
    RESTART,
    /** The restore fails before anything is changed, naming every trial and missing folder. */
    FAIL
}
