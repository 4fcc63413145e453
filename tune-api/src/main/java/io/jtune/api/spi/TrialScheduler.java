package io.jtune.api.spi;

import io.jtune.api.Result;

/**
 * Decides which trial runs next and whether a trial continues, pauses or stops after each result
 * (Ray Tune's {@code TrialScheduler}). Called only by the driver ({@linkplain io.jtune.api.spi one
 * call at a time}). Random choices must come from the experiment seed ({@link ExperimentInfo#seedFor}).
 */
public interface TrialScheduler {

    /** What a trial does after a result. */
    enum Decision { CONTINUE, PAUSE, STOP }

    /** Called once before the first trial: metric, mode and seed of the experiment. */
    default void setup(ExperimentInfo experiment) {
    }

    /** A trial was added (PENDING). Does nothing unless overridden. */
    default void onTrialAdd(RunnerView runner, TrialView trial) {
    }

    Decision onTrialResult(RunnerView runner, TrialView trial, Result result);

    /** The trial finished normally (or was stopped by a stopper); {@code result} is its last result, possibly null. Does nothing unless overridden. */
    default void onTrialComplete(RunnerView runner, TrialView trial, Result result) {
    }

    /** The trial failed (it may be retried). Does nothing unless overridden. */
    default void onTrialError(RunnerView runner, TrialView trial) {
    }

    /** The trial was stopped by the scheduler or the user and will not come back. Does nothing unless overridden. */
    default void onTrialRemove(RunnerView runner, TrialView trial) {
    }

    /** A PENDING or PAUSED trial to start now (its resources must fit), or null. */
    TrialView chooseTrialToRun(RunnerView runner);

    /** Everything needed to continue the same schedule after a restart, as JSON text. */
    default String saveState() {
        return "{}";
    }

    /** Restores what {@link #saveState} returned (after {@link #setup} and after the trials were re-added). */
    default void restoreState(String json) {
    }

    /**
     * Whether the scheduler's decisions stay right when a trial runs ahead of them (Ray Tune's
     * {@code supports_buffered_results}): with a result buffer, a trial may have taken more steps
     * when the decision on a result arrives; a STOP then drops the results after that one, but a
     * PAUSE saves a later state than the one decided on. False by default; the runner then waits
     * for the decision on each result whatever buffer was asked for. True also lets the runner decide
     * on a result on the reporting trial's own thread while the driver is idle (one decision at a
     * time still, under the runner's lock), so such a scheduler must not wait for a save while it
     * decides ({@code RunnerView.saveCheckpoint} or {@code exploit} within {@code onTrialResult}
     * fail with an error saying so).
     */
    default boolean supportsBufferedResults() {
        return false;
    }

    /**
     * Whether {@code last} reached the most training this scheduler gives any trial (ASHA's and
     * HyperBand's {@code max_t}): a STOP after it ends a full run rather than cutting the trial short.
     * Reports use it to tell the two apart. False by default.
     */
    default boolean reachedFullBudget(Result last) {
        return false;
    }

    /** One line for the progress output, e.g. rung cut-offs. */
    default String debugString() {
        return getClass().getSimpleName();
    }
}
