package io.jtune.engine.runner.history;

import io.jtune.api.Result;
import io.jtune.engine.output.JsonLoggerCallback;
import io.jtune.engine.trial.ResultHistory;
import io.jtune.engine.trial.Trial;
import java.util.List;
/**
 * A history kept in the trial's {@code result.json} by the experiment's JSON logger: the driver
 * counts the results and reads them back from the file when asked (after the logger flushed the
 * trial's buffered lines), so its memory does not grow with the results.
 */
public final class LoggedHistory implements ResultHistory {
    private final Trial trial;
    private final JsonLoggerCallback log;
    private int size;

    public LoggedHistory(Trial trial, JsonLoggerCallback log) {
        this.trial = trial;
        this.log = log;
    }

    @Override
    public void add(Result result) {
        size++;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public List<Result> read() {
        if (size == 0) {
            return List.of();
        }
        List<Result> logged = log.readResults(trial.id(), trial.localDir());
        return logged.size() <= size ? logged : List.copyOf(logged.subList(0, size));
    }

    @Override
    public void keep(int newSize) {
        size = Math.min(size, newSize);
    }

    /** Keeps the last result (compact): reading it back would read the whole file. */
    @Override
    public Result finished(Result last) {
        return last.compact();
    }

    @Override
    public Result last() {
        List<Result> all = read();
        return all.isEmpty() ? null : all.get(all.size() - 1);
    }

    @Override
    public void reset(List<Result> results) {
        size = results.size();
    }
}
