package io.jtune.junit.descriptor;

import io.jtune.api.Result;
import io.jtune.api.spi.TrialView;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.platform.engine.reporting.ReportEntry;

/** How a trial appears in a test report: its display name and the report entries of its end. */
final class TrialEntries {

    /** Auto fields left out of the metrics entry: bookkeeping, not outcomes. */
    private static final Set<String> BOOKKEEPING = Set.of(Result.TIME_THIS_ITER_S, Result.TIMESTAMP, Result.DATE, Result.TRIAL_ID,
            Result.EXPERIMENT_TAG, Result.DONE, Result.PID, Result.HOSTNAME, Result.NODE_IP, Result.TIME_SINCE_RESTORE,
            Result.ITERATIONS_SINCE_RESTORE, Result.CONFIG, Result.SHOULD_CHECKPOINT);

    private TrialEntries() {
    }

    /** Ray Tune's experiment tag: the trial's index and its sampled values, e.g. {@code 3_lr=0.01,units=64}. */
    static String displayName(TrialView trial) {
        return trial.experimentTag();
    }

    /** The entry saying how the trial ended and why, then one with its final metrics (when it reported any). */
    static void publish(TrialView trial, String outcome, String reason, Consumer<ReportEntry> sink) {
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
}
