package io.jtune.engine.outcome;

import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The lines every entry point ends an experiment with ({@code tune:run}, a tuning test under
 * {@code mvn test}): trials by state, the best trial with its metric and scope, its config and
 * checkpoint, and the results folder. The best trial is ranked as {@link ResultGrid#getBestResult()}
 * ranks it, the scope the live progress header uses too.
 */
public final class ExperimentSummary {
    private ExperimentSummary() {
    }

    /**
     * The summary, each line indented by two spaces.
     *
     * @param declaresMetric whether the experiment declares a metric (else "best" is explained as undeclared)
     */
    public static List<String> lines(ResultGrid grid, boolean declaresMetric) {
        List<String> lines = new ArrayList<>();
        lines.add("  trials:          " + byStatus(grid.trials()));
        try {
            ResultGrid.BestResult best = grid.getBestResult();
            lines.add("  best trial:      " + best.trial().name() + ": " + best.metric() + " = " + best.value()
                    + " (" + best.mode() + ", " + best.scope() + " result)");
            lines.add("  best config:     " + best.config());
            lines.add("  best checkpoint: " + best.checkpoint().map(c -> c.path().toString())
                    .orElse("none (the best trial saved none: @Checkpoint(atEnd = true) keeps its final model)"));
        } catch (TuneException noBest) {
            lines.add("  best trial:      none (" + (declaresMetric ? noBest.getMessage()
                    : "no metric declared: set @Trainable(metric = ..., mode = ...)") + ")");
        }
        lines.add("  results in:      " + grid.experimentDir());
        return List.copyOf(lines);
    }

    private static String byStatus(List<TrialOutcome> trials) {
        Map<TrialStatus, Long> counts = new EnumMap<>(TrialStatus.class);
        trials.forEach(t -> counts.merge(t.status(), 1L, Long::sum));
        return counts.isEmpty() ? "none"
                : counts.entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining(", "));
    }
}
