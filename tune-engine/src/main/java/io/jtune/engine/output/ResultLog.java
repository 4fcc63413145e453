package io.jtune.engine.output;

import io.jtune.api.Result;
import io.jtune.api.spi.TrialView;
import java.util.List;

/**
 * A logger whose file in each trial folder holds one record per result of the trial, in order
 * ({@code result.json}, {@code progress.csv}). Before a trial starts or restarts, the runner hands
 * it the results the trial continues from, so no iteration is logged twice or lost; before each
 * experiment snapshot, the runner has it flush, so the results behind the snapshot's checkpoints
 * are in the files should the process die. Called by the driver, one call at a time.
 */
public interface ResultLog {

    /**
     * Makes the trial's file hold exactly {@code results}: records after them (results of
     * iterations after the checkpoint the trial restarts from, a partly written last record) are
     * cut off, and results the file lacks (lost when a process died before a flush) are written
     * from {@code results}.
     */
    void continueFrom(TrialView trial, List<Result> results);

    /**
     * A trial that finished after the experiment's last snapshot (a kill) stays finished with
     * {@code results}, read from another log: makes its file hold exactly those (it may lag behind
     * the log they were read from, each log's file being written on its own thread) and closes it.
     */
    void completeFinished(TrialView trial, List<Result> results);

    /** Hands everything buffered to the operating system. */
    void flush();
}
