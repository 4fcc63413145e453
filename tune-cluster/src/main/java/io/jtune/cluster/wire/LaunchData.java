package io.jtune.cluster.wire;

import java.util.Map;

/**
 * A trial run as the worker needs it.
 *
 * @param trialId the trial
 * @param runId the run (every event of the run carries it)
 * @param trainableClass the class the worker makes the trainable from
 * @param config the trial's config as a nested map
 * @param trialPath the trial folder relative to the experiments' root ({@code <experiment>/<trial>})
 * @param startIteration the iteration the restored state is at (0: fresh)
 */
public record LaunchData(String trialId, long runId, String trainableClass, Map<String, Object> config, String trialPath,
                         long startIteration) {
}
