package io.jtune.engine.trial;

import io.jtune.api.Result;
import java.util.AbstractList;
import java.util.List;
import java.util.Objects;

/** A trial's results, read back from its history on first access. */
final class HistoryReadBack extends AbstractList<Result> {
    private final ResultHistory history;
    private final int size;
    private List<Result> read;

    HistoryReadBack(ResultHistory history, int size) {
        this.history = history;
        this.size = size;
    }

    @Override
    public Result get(int index) {
        Objects.checkIndex(index, size);
        if (read == null) {
            read = history.read();
        }
        return read.get(index);
    }

    @Override
    public int size() {
        return size;
    }
}
