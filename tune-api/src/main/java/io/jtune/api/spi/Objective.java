package io.jtune.api.spi;

import io.jtune.api.Mode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/** One metric an experiment optimises and its direction; a multi-objective experiment has several. */
public record Objective(String metric, Mode mode) {

    public Objective {
        if (metric == null || metric.isBlank()) {
            throw new IllegalArgumentException("an objective's metric must be a non-blank result key, got '" + metric + "'");
        }
        Objects.requireNonNull(mode, "mode of metric '" + metric + "'");
    }

    /** The value as a loss: itself when minimised, negated when maximised (lower is better). */
    public double loss(double value) {
        return mode == Mode.MAX ? -value : value;
    }

    @Override
    public String toString() {
        return metric + " (" + mode + ")";
    }

    /**
     * The objectives of parallel lists of metrics and modes; an IllegalArgumentException names
     * what is wrong (different lengths, none, a metric twice).
     */
    public static List<Objective> of(List<String> metrics, List<Mode> modes) {
        if (metrics.size() != modes.size()) {
            throw new IllegalArgumentException("metrics " + metrics + " and modes " + modes + " must have the same length: one mode per metric");
        }
        if (metrics.isEmpty()) {
            throw new IllegalArgumentException("give at least one metric and its mode");
        }
        List<Objective> out = new ArrayList<>();
        for (int i = 0; i < metrics.size(); i++) {
            out.add(new Objective(metrics.get(i), modes.get(i)));
        }
        HashSet<String> seen = new HashSet<>();
        metrics.stream().filter(m -> !seen.add(m)).findFirst().ifPresent(m -> {
            throw new IllegalArgumentException("metric '" + m + "' is given twice in " + metrics + ": name each objective once");
        });
        return List.copyOf(out);
    }
}
