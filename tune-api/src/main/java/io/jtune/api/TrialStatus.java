package io.jtune.api;

/** The five states of a trial (Ray Tune's Trial docstring). */
public enum TrialStatus {
    PENDING,
    RUNNING,
    PAUSED,
    TERMINATED,
    ERROR;

    /** True for TERMINATED and ERROR. */
    public boolean isFinished() {
        return this == TERMINATED || this == ERROR;
    }
}
