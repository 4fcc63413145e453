package io.jtune.api.spi;

import io.jtune.api.Mode;
import io.jtune.api.space.SearchSpace;
import java.nio.file.Path;
import java.util.List;

/**
 * What SPIs learn of the experiment before it starts: its name and folder, the metric and mode
 * (metric may be null when none is declared), the search space, the seed every random choice
 * derives from, and its objectives: the metric alone, or every metric of a multi-objective
 * experiment, whose first one is then {@code metric} (what single-metric components such as
 * schedulers use).
 */
public record ExperimentInfo(String name, Path dir, String metric, Mode mode, SearchSpace space, long seed, List<Objective> objectives) {

    public ExperimentInfo {
        objectives = objectives == null || objectives.isEmpty()
                ? (metric == null || metric.isEmpty() || mode == null ? List.of() : List.of(new Objective(metric, mode)))
                : List.copyOf(objectives);
        if (!objectives.isEmpty() && !objectives.get(0).metric().equals(metric)) {
            throw new IllegalArgumentException("the experiment's metric '" + metric + "' must be its first objective's, " + objectives.get(0));
        }
    }

    /** A single-metric experiment (or none, when {@code metric} is null). */
    public ExperimentInfo(String name, Path dir, String metric, Mode mode, SearchSpace space, long seed) {
        this(name, dir, metric, mode, space, seed, List.of());
    }

    /** True when it optimises more than one metric. */
    public boolean isMultiObjective() {
        return objectives.size() > 1;
    }

    /** The objectives, or an exception naming {@code component} and saying how to declare them. */
    public List<Objective> requireObjectives(String component) {
        if (objectives.isEmpty()) {
            throw new IllegalStateException(component + " needs the metrics to optimise, but the experiment declares none: set metrics(...) on the Tuner"
                    + " or @Trainable(metrics = {...}, modes = {...})");
        }
        return objectives;
    }

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
