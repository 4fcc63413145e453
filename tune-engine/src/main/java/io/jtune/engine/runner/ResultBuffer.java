package io.jtune.engine.runner;

import io.jtune.api.ConfigurationKeys;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.engine.exec.RunAhead;
import io.jtune.engine.exec.TrialExecutor;
import io.jtune.engine.log.LazyLogger;
import io.jtune.engine.spec.ExperimentSpec;

/**
 * How far a trial may run ahead of the driver's decisions (Ray Tune's result buffering,
 * {@code TUNE_RESULT_BUFFER_LENGTH}): with a buffer of n, a trial takes its next step as soon as it
 * has reported, until n of its results wait for a decision. Each result still reaches the
 * stoppers, the scheduler, the searcher and the callbacks, in order. A stop decided on a result
 * takes effect at the latest n − 1 steps later: the results reported after it are dropped (their
 * steps were computed for nothing). A result the driver may save on (a multiple of the checkpoint
 * frequency, {@code should_checkpoint} or {@code done}) holds the trial until its decision, so the
 * checkpoint holds that result's state ({@link RunAhead}). Buffering is used only where that is
 * safe: with a scheduler that {@linkplain TrialScheduler#supportsBufferedResults supports it} (FIFO,
 * ASHA; not PBT, HyperBand, median stopping, which pause trials), not in deterministic mode and not
 * with a checkpoint at the end (any result may turn out to be the last); elsewhere the buffer is 1.
 * Set with {@code Tuner.resultBuffer(n)} or the system property {@value #PROPERTY}; every executor
 * honours it (threads, processes and cluster workers run the same trial worker). Unset, the
 * executor's {@linkplain TrialExecutor#defaultRunAhead default} applies where it is safe (none on
 * threads; a window bounded by step time in worker processes).
 */
public final class ResultBuffer {
    private static final LazyLogger LOG = new LazyLogger(ResultBuffer.class);
    /** The system property setting the buffer for every experiment: a number >= 1 (default: the executor's). */
    public static final String PROPERTY = ConfigurationKeys.RESULT_BUFFER;

    private ResultBuffer() {
    }

    /** 0 (the executor's default) when the system property is unset, else its number; anything else is refused naming the property. */
    public static int fromSystemProperty() {
        String value = System.getProperty(PROPERTY);
        if (value == null || value.isBlank()) {
            return 0;
        }
        Integer buffer = WholeNumberProperty.atLeastOne(value);
        if (buffer != null) {
            return buffer;
        }
        throw new IllegalArgumentException("system property " + PROPERTY + " must be a number >= 1 (1 = wait for the decision on each result), got '" + value + "'");
    }

    /**
     * How far trials of the experiment run ahead: the buffer asked for where it is safe, else none
     * (said in the log); with none asked for, the executor's default where it is safe.
     */
    static RunAhead inForce(ExperimentSpec spec, TrialScheduler scheduler, TrialExecutor executor) {
        int asked = spec.resultBuffer();
        if (asked == 0) {
            RunAhead fallback = executor.defaultRunAhead();
            boolean safe = fallback.results() > 1 && !spec.deterministic() && scheduler.supportsBufferedResults() && !spec.checkpoint().atEnd();
            return safe ? fallback.withCheckpointEvery(spec.checkpoint().frequency()) : RunAhead.NONE;
        }
        if (asked == 1) {
            return RunAhead.NONE;
        }
        if (spec.deterministic()) {
            LOG.get().info("result buffer {} not used: deterministic mode decides on each result in its logical order", asked);
            return RunAhead.NONE;
        }
        if (!scheduler.supportsBufferedResults()) {
            LOG.get().info("result buffer {} not used: the scheduler {} decides on each result (it may pause trials)", asked, scheduler.debugString());
            return RunAhead.NONE;
        }
        if (spec.checkpoint().atEnd()) {
            LOG.get().info("result buffer {} not used: a checkpoint at the end must hold the last result's state, and any result may be the last", asked);
            return RunAhead.NONE;
        }
        return new RunAhead(asked, spec.checkpoint().frequency());
    }
}
