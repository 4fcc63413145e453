package io.jtune.engine.trial;

import io.jtune.api.Result;
import java.util.List;

/**
 * Where the results of one trial are kept between their logging and a read-back (a restart that
 * drops the results after its checkpoint, the {@link io.jtune.engine.ResultGrid}): the driver
 * keeps only a count and the last result itself, and asks this for the rest. The driver's only,
 * except {@link #read()} after the experiment ended.
 */
public interface ResultHistory {

    /** Notes one more result, just logged. */
    void add(Result result);

    /** How many results the trial has. */
    int size();

    /** Every result in the order logged. */
    List<Result> read();

    /** Drops the results after the first {@code size}. */
    void keep(int size);

    /**
     * The trial finished with {@code last} as its last result: returns what the trial keeps of it,
     * the result {@linkplain Result#compact() compacted}, or null when {@link #last()} rebuilds it
     * (the history may compact itself too).
     */
    Result finished(Result last);

    /** The last result, rebuilt from this history; null when there is none. */
    Result last();

    /** Replaces the results with {@code results} (a resumed trial's logged results). */
    void reset(List<Result> results);

    /** Makes the history of each trial. */
    @FunctionalInterface
    interface Factory {
        ResultHistory of(Trial trial);
    }
}
