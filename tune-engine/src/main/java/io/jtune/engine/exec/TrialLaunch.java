package io.jtune.engine.exec;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.trainable.Checkpoint;
import java.nio.file.Path;
import java.util.List;

/**
 * Everything an executor needs to start (or resume) one run of a trial, as plain data.
 *
 * @param trialId the trial's id
 * @param runId unique per start; every event of this run carries it, so stale events can be told apart
 * @param config the trial's config
 * @param trialDir the trial's folder (exists); checkpoints are written inside it
 * @param resources what the run commits while it lives
 * @param restoreFrom the checkpoint to restore before the first step, or null for a fresh start
 * @param startIteration the training iteration the restored state is at (0 for a fresh start)
 * @param gpuIds the machine's indices of the GPUs the executor gave this run (empty until it assigns them)
 * @param resultBuffer how many results the run may have reported that the driver has not answered yet (1: it
 *                     waits for the driver's decision on each result; more: it runs ahead, see {@code Tuner.resultBuffer})
 */
public record TrialLaunch(String trialId, long runId, Config config, Path trialDir, ResourceRequest resources,
                          Checkpoint restoreFrom, long startIteration, List<Integer> gpuIds, int resultBuffer) {

    public TrialLaunch {
        gpuIds = List.copyOf(gpuIds);
        if (resultBuffer < 1) {
            throw new IllegalArgumentException("the result buffer of trial " + trialId + " must be >= 1, got " + resultBuffer);
        }
    }

    /** A launch that waits for the driver's decision on each result. */
    public TrialLaunch(String trialId, long runId, Config config, Path trialDir, ResourceRequest resources,
                       Checkpoint restoreFrom, long startIteration, List<Integer> gpuIds) {
        this(trialId, runId, config, trialDir, resources, restoreFrom, startIteration, gpuIds, 1);
    }

    /** A launch whose GPUs the executor has yet to assign. */
    public TrialLaunch(String trialId, long runId, Config config, Path trialDir, ResourceRequest resources,
                       Checkpoint restoreFrom, long startIteration) {
        this(trialId, runId, config, trialDir, resources, restoreFrom, startIteration, List.of(), 1);
    }

    /** This launch with the GPUs the executor assigned. */
    public TrialLaunch withGpuIds(List<Integer> ids) {
        return new TrialLaunch(trialId, runId, config, trialDir, resources, restoreFrom, startIteration, ids, resultBuffer);
    }
}
