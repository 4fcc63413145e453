package io.jtune.api.spi;

import io.jtune.api.Mode;
import io.jtune.api.space.SearchSpace;
import java.nio.file.Path;

/**
 * What SPIs learn of the experiment before it starts: its name and folder, the metric and mode
 * (metric may be null when none is declared), the search space and the seed every random choice
 * derives from.
 */
public record ExperimentInfo(String name, Path dir, String metric, Mode mode, SearchSpace space, long seed) {

    /** A seed for one component, derived from the experiment's seed and a salt (e.g. the component's name). */
    public long seedFor(String salt) {
        long h = seed ^ 0x9E3779B97F4A7C15L;
        for (int i = 0; i < salt.length(); i++) {
            h = (h ^ salt.charAt(i)) * 0x100000001B3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return h;
    }

    /** The metric, or an exception naming {@code component} and saying how to declare one. */
    public String requireMetric(String component) {
        if (metric == null || metric.isEmpty()) {
            throw new IllegalStateException(component + " needs a metric, but the experiment declares none: set metric and mode on the Tuner or in @Trainable(metric = ..., mode = ...)");
        }
        return metric;
    }
}
