package io.jtune.engine.checkpoint;

import io.jtune.api.trainable.CheckpointDir;

/**
 * A checkpoint the runner knows about, with what resuming from it needs.
 *
 * @param checkpoint the folder
 * @param iteration the training iteration the saved state is at
 * @param timeTotalS the trial's {@code time_total_s} at that iteration
 * @param score the value ranking it for keep-N (NaN ranks last)
 */
public record TrackedCheckpoint(CheckpointDir checkpoint, long iteration, double timeTotalS, double score) {
}
