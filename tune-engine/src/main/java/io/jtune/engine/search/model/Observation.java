package io.jtune.engine.search.model;

/**
 * One finished trial as a model sees it: its encoded config, its loss (the metric, negated when
 * the mode is max, so lower is always better) and the order in which it was suggested.
 */
public record Observation(double[] x, double loss, int order) {
}
