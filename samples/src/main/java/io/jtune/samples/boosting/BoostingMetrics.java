package io.jtune.samples.boosting;

/**
 * The state of a boosted ensemble after some growth.
 *
 * @param trees trees in the ensemble
 * @param train score on the training rows
 * @param validation score on the validation rows (what tuning optimises)
 */
public record BoostingMetrics(int trees, RegressionScore train, RegressionScore validation) {
}
