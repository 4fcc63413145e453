package io.jtune.engine.runner;

import io.jtune.api.Result;
import java.nio.file.Path;
import java.util.List;

/**
 * Where the results of one trial are kept between their logging and a read-back (a restart that
 * drops the results after its checkpoint, the {@link io.jtune.engine.ResultGrid}): the driver
 * keeps only a count and the last result itself, and asks this for the rest. Driver thread only,
 * except {@link #read()} after the experiment ended.
 */
interface ResultHistory {

    /** Notes one more result, just logged. */
    void add(Result result);

    /** How many results the trial has. */
    int size();

    /** Every result in the order logged. */
    List<Result> read();

    /** Drops the results after the first {@code size}. */
    void keep(int size);

    /** Replaces the results with {@code results} (a resumed trial's logged results). */
    void reset(List<Result> results);

    /** Makes the history of each trial. */
    @FunctionalInterface
    interface Factory {
        ResultHistory of(String trialId, Path trialDir);
    }
}
