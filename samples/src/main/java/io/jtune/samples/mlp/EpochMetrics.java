package io.jtune.samples.mlp;

/**
 * The outcome of one training epoch.
 *
 * @param epoch epochs completed so far (1 after the first)
 * @param trainLoss mean cross-entropy over the epoch's mini-batches, each measured before its update
 * @param validationLoss mean cross-entropy on the validation rows after the epoch
 * @param validationAccuracy fraction of validation rows classified correctly after the epoch
 */
public record EpochMetrics(int epoch, double trainLoss, double validationLoss, double validationAccuracy) {
}
