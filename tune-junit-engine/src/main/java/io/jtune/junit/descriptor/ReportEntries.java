package io.jtune.junit.descriptor;

import io.jtune.api.Result;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.ResultGrid;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.platform.engine.reporting.ReportEntry;

/** How an experiment and its trials appear in a test report: trial display names, and the report entries of trials and experiments. */
final class ReportEntries {

    /** Auto fields left out of the metrics entry: bookkeeping, not outcomes. */
    private static final Set<String> BOOKKEEPING = Set.of(Result.TIME_THIS_ITER_S, Result.TIMESTAMP, Result.DATE, Result.TRIAL_ID,
            Result.EXPERIMENT_TAG, Result.DONE, Result.PID, Result.HOSTNAME, Result.NODE_IP, Result.TIME_SINCE_RESTORE,
            Result.ITERATIONS_SINCE_RESTORE, Result.CONFIG, Result.SHOULD_CHECKPOINT);

    private ReportEntries() {
    }

    /** Ray Tune's experiment tag: the trial's index and its sampled values, e.g. {@code 3_lr=0.01,units=64}. */
    static String displayName(TrialView trial) {
        return trial.experimentTag();
    }

    /** The entry saying how the trial ended and why, then one with its final metrics (when it reported any). */
    static void publishTrial(TrialView trial, String outcome, String reason, Consumer<ReportEntry> sink) {
        Map<String, String> end = new LinkedHashMap<>();
        end.put("trial", trial.id());
        end.put("outcome", outcome);
        end.put("reason", reason);
        end.put("config", trial.config().isEmpty() ? "{}" : trial.config().toString());
        sink.accept(ReportEntry.from(end));
        Result last = trial.lastResult();
        if (last != null) {
            Map<String, String> metrics = new LinkedHashMap<>();
            last.asMap().forEach((key, value) -> {
                if (!BOOKKEEPING.contains(key) && value != null && !key.isBlank() && !value.toString().isBlank()) {
                    metrics.put(key, value.toString());
                }
            });
            if (!metrics.isEmpty()) {
                sink.accept(ReportEntry.from(metrics));
            }
        }
    }

    /** The entry summing up the experiment, then (when it has a best trial) the best trial's id, config, metric and checkpoint. */
    static void publishExperiment(ResultGrid grid, Optional<ResultGrid.BestResult> best, Consumer<ReportEntry> sink) {
        Map<String, String> summary = new LinkedHashMap<>();
        summary.put("trials", Integer.toString(grid.size()));
        summary.put("terminated", Integer.toString(grid.numTerminated()));
        summary.put("errors", Integer.toString(grid.numErrors()));
        summary.put("experiment_dir", grid.experimentDir().toString());
        sink.accept(ReportEntry.from(summary));
        best.ifPresent(b -> {
            Map<String, String> entry = new LinkedHashMap<>();
            entry.put("best_trial", b.trial().name());
            entry.put("best_config", b.config().isEmpty() ? "{}" : b.config().toString());
            entry.put("metric", b.metric() + " (" + b.mode() + ")");
            entry.put("best_value", Double.toString(b.value()));
            b.checkpoint().ifPresent(checkpoint -> entry.put("best_checkpoint", checkpoint.path().toString()));
            sink.accept(ReportEntry.from(entry));
        });
    }
}
