package io.jtune.engine.testing;

import io.jtune.api.Result;
import io.jtune.api.spi.Stopper;
import java.util.Set;

/** A test stopper: stops a trial once {@code metric} reaches {@code limit}. */
public final class StopAt implements Stopper {
    private final String metric;
    private final double limit;

    public StopAt(String metric, double limit) {
        this.metric = metric;
        this.limit = limit;
    }

    public static StopAt iteration(int n) {
        return new StopAt(Result.TRAINING_ITERATION, n);
    }

    @Override
    public boolean shouldStop(String trialId, Result result) {
        return result.getDouble(metric) >= limit;
    }

    @Override
    public Set<String> metrics() {
        return Set.of(metric);
    }
}
