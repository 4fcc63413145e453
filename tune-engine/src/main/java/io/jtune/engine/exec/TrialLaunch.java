package io.jtune.engine.exec;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.trainable.CheckpointDir;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

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
 * @param runAhead how far the run may go ahead of the driver's decisions ({@link RunAhead#NONE}: it waits for the
 *                 decision on each result; see {@code Tuner.resultBuffer})
 */
public record TrialLaunch(String trialId, long runId, Config config, Path trialDir, ResourceRequest resources,
                          CheckpointDir restoreFrom, long startIteration, List<Integer> gpuIds, RunAhead runAhead) {

    public TrialLaunch {
        gpuIds = List.copyOf(gpuIds);
        Objects.requireNonNull(runAhead, "runAhead");
    }

    /** A launch that waits for the driver's decision on each result. */
    public TrialLaunch(String trialId, long runId, Config config, Path trialDir, ResourceRequest resources,
                       CheckpointDir restoreFrom, long startIteration, List<Integer> gpuIds) {
        this(trialId, runId, config, trialDir, resources, restoreFrom, startIteration, gpuIds, RunAhead.NONE);
    }

    /** A launch whose GPUs the executor has yet to assign. */
    public TrialLaunch(String trialId, long runId, Config config, Path trialDir, ResourceRequest resources,
                       CheckpointDir restoreFrom, long startIteration) {
        this(trialId, runId, config, trialDir, resources, restoreFrom, startIteration, List.of(), RunAhead.NONE);
    }

    /** This launch with the GPUs the executor assigned. */
    public TrialLaunch withGpuIds(List<Integer> ids) {
        return new TrialLaunch(trialId, runId, config, trialDir, resources, restoreFrom, startIteration, ids, runAhead);
    }
}
