package io.jtune.engine.runner.guard;

import io.jtune.api.Result;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.Stopper;
import java.util.Set;

/** A stopper whose exceptions become {@link ComponentException}s naming it and the method. */
public final class GuardedStopper implements Stopper {
    private static final String ROLE = "stopper";
    private final Stopper stopper;

    public GuardedStopper(Stopper stopper) {
        this.stopper = stopper;
    }

    @Override
    public void setup(ExperimentInfo experiment) {
        try {
            stopper.setup(experiment);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, stopper, "setup", e);
        }
    }

    @Override
    public boolean shouldStop(String trialId, Result result) {
        try {
            return stopper.shouldStop(trialId, result);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, stopper, "shouldStop", e);
        }
    }

    @Override
    public boolean stopAll() {
        try {
            return stopper.stopAll();
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, stopper, "stopAll", e);
        }
    }

    @Override
    public Set<String> metrics() {
        try {
            return stopper.metrics();
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, stopper, "metrics", e);
        }
    }

    @Override
    public String saveState() {
        try {
            return stopper.saveState();
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, stopper, "saveState", e);
        }
    }

    @Override
    public void restoreState(String json) {
        try {
            stopper.restoreState(json);
        } catch (RuntimeException e) {
            throw ComponentException.of(ROLE, stopper, "restoreState", e);
        }
    }
}
