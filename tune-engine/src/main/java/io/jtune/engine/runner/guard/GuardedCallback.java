package io.jtune.engine.runner.guard;

import io.jtune.api.Result;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.CheckpointDir;
import java.util.List;

/** A callback whose exceptions become {@link ComponentException}s naming it and the method. */
public final class GuardedCallback implements Callback {
    private static final String ROLE = "callback";
    private final Callback callback;

    public GuardedCallback(Callback callback) {
        this.callback = callback;
    }

    @Override
    public void setup(ExperimentInfo experiment) {
        try {
            callback.setup(experiment);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, callback, "setup", e);
        }
    }

    @Override
    public void onTrialAdd(TrialView trial) {
        try {
            callback.onTrialAdd(trial);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, callback, "onTrialAdd", e);
        }
    }

    @Override
    public void onTrialStart(TrialView trial) {
        try {
            callback.onTrialStart(trial);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, callback, "onTrialStart", e);
        }
    }

    @Override
    public void onTrialResult(TrialView trial, Result result) {
        try {
            callback.onTrialResult(trial, result);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, callback, "onTrialResult", e);
        }
    }

    @Override
    public void onTrialComplete(TrialView trial) {
        try {
            callback.onTrialComplete(trial);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, callback, "onTrialComplete", e);
        }
    }

    @Override
    public void onTrialError(TrialView trial, Throwable error) {
        try {
            callback.onTrialError(trial, error);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, callback, "onTrialError", e);
        }
    }

    @Override
    public void onCheckpoint(TrialView trial, CheckpointDir checkpoint) {
        try {
            callback.onCheckpoint(trial, checkpoint);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, callback, "onCheckpoint", e);
        }
    }

    @Override
    public void onTrialRestore(TrialView trial, CheckpointDir checkpoint) {
        try {
            callback.onTrialRestore(trial, checkpoint);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, callback, "onTrialRestore", e);
        }
    }

    @Override
    public void onExperimentEnd(List<? extends TrialView> trials) {
        try {
            callback.onExperimentEnd(trials);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, callback, "onExperimentEnd", e);
        }
    }
}
