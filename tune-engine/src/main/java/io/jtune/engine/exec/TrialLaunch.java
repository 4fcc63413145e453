package io.jtune.engine.exec;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.trainable.Checkpoint;
import java.nio.file.Path;

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
 */
public record TrialLaunch(String trialId, long runId, Config config, Path trialDir, ResourceRequest resources,
                          Checkpoint restoreFrom, long startIteration) {
}
