package io.jtune.engine.stop;

import io.jtune.api.Result;
import io.jtune.api.spi.Stopper;
import java.util.function.BiPredicate;

/** Stops a trial when a function of its id and result says so (Ray Tune's {@code FunctionStopper}). Stateless. */
public final class FunctionStopper implements Stopper {
    private final BiPredicate<String, Result> function;

    public FunctionStopper(BiPredicate<String, Result> function) {
        if (function == null) {
            throw new IllegalArgumentException("FunctionStopper: the stop function must not be null");
        }
        this.function = function;
    }

    @Override
    public boolean shouldStop(String trialId, Result result) {
        return function.test(trialId, result);
    }
}
