package io.jtune.report;

import io.jtune.api.Result;
import io.jtune.engine.output.JsonLoggerCallback;
import io.jtune.engine.runner.RunnerControl;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A trial's results up to its latest one, for the server's threads: those in its
 * {@code result.json}, followed by the newer ones the driver reported since (its
 * {@link ResultTail}, or its last result once it ended). When the file lags further behind than
 * the tail reaches back (a trial reporting more than {@value ResultTail#CAPACITY} results within
 * the logger's flush interval), the driver is asked to flush the result logs and the file is read
 * again; only that case takes the driver's time. Without a driver to ask, such a gap is left as
 * the file has it, followed by the last result.
 */
final class TrialResults {
    private static final int FLUSH_WAIT_SECONDS = 10;

    private TrialResults() {
    }

    static List<Result> of(LiveTrial trial, RunnerControl control) {
        List<Result> results = joined(trial);
        if (results == null && control != null) {
            try {
                control.flushResults().get(FLUSH_WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                // the experiment ended meanwhile (its logs are flushed) or the driver is busy: read what is there
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            results = joined(trial);
        }
        return results != null ? results : withLast(trial);
    }

    /** The file's results, and the trial's last result when it is newer. */
    private static List<Result> withLast(LiveTrial trial) {
        Result last = trial.lastResult;
        List<Result> logged = JsonLoggerCallback.readResults(trial.dir);
        if (last == null || !logged.isEmpty() && logged.get(logged.size() - 1).trainingIteration() >= last.trainingIteration()) {
            return logged;
        }
        List<Result> all = new ArrayList<>(logged);
        all.add(last);
        return all;
    }

    /** The file's results and the newer reported ones, or null when some between them are in neither. */
    private static List<Result> joined(LiveTrial trial) {
        ResultTail tail = trial.tail;
        Result last = trial.lastResult;
        List<Result> logged = JsonLoggerCallback.readResults(trial.dir);
        List<Result> recent = tail != null ? tail.recent() : last == null ? List.of() : List.of(last);
        long lastLogged = logged.isEmpty() ? 0 : logged.get(logged.size() - 1).trainingIteration();
        List<Result> newer = recent.stream().filter(r -> r.trainingIteration() > lastLogged).toList();
        if (newer.isEmpty()) {
            return logged;
        }
        if (newer.get(0).trainingIteration() > lastLogged + 1) {
            return null;
        }
        List<Result> all = new ArrayList<>(logged.size() + newer.size());
        all.addAll(logged);
        all.addAll(newer);
        return all;
    }
}
