package io.jtune.engine.annotated.bench;

import io.jtune.api.Param;
import io.jtune.api.Step;
import io.jtune.api.Trainable;
import io.jtune.api.Uniform;
import java.util.HashMap;
import java.util.Map;

/**
 * A trainable whose step does almost nothing, so a benchmark measures the dispatch around it:
 * it bumps a counter and returns the same map, or a record of two metrics.
 */
@Trainable(metric = "loss", mode = "min")
public class BenchModel {
    /** A step result read as metrics through its accessors. */
    public record Metrics(double loss, long epoch) {
    }

    @Param @Uniform(min = 0, max = 1) double lr;
    private final Map<String, Object> metrics = new HashMap<>();
    private long epoch;

    @Step
    public Map<String, Object> step() {
        epoch++;
        return metrics;
    }

    public long epoch() {
        return epoch;
    }

    /** The same iteration returning a record instead of a map. */
    @Trainable(metric = "loss", mode = "min")
    public static class WithRecord {
        private long epoch;

        @Step
        public Metrics step() {
            epoch++;
            return new Metrics(1.0 / epoch, epoch);
        }
    }
}
