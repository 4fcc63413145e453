package io.jtune.samples.boosting;

/**
 * What a tuner varies for {@link GradientBoostedTrees} (the names follow scikit-learn's
 * {@code GradientBoostingRegressor}). The number of trees is not here: it is the training budget,
 * grown step by step with {@link GradientBoostedTrees#grow}.
 *
 * @param learningRate shrinkage applied to every tree's output, in (0, 1]
 * @param maxDepth depth of each regression tree, >= 1 (1 = stumps)
 * @param minSamplesLeaf fewest training rows a leaf may hold, >= 1
 * @param subsample fraction of training rows drawn (without replacement) for each tree, in (0, 1];
 *     below 1 this is stochastic gradient boosting
 */
public record BoostingHyperparameters(double learningRate, int maxDepth, int minSamplesLeaf, double subsample) {
    /** Deeper trees would need more than 2^16 nodes; far beyond what small tabular data supports. */
    public static final int MAX_DEPTH_LIMIT = 15;

    public BoostingHyperparameters {
        if (!(learningRate > 0 && learningRate <= 1)) {
            throw new IllegalArgumentException("learningRate must be in (0, 1], got " + learningRate);
        }
        if (maxDepth < 1 || maxDepth > MAX_DEPTH_LIMIT) {
            throw new IllegalArgumentException("maxDepth must be in [1, " + MAX_DEPTH_LIMIT + "], got " + maxDepth);
        }
        if (minSamplesLeaf < 1) {
            throw new IllegalArgumentException("minSamplesLeaf must be >= 1, got " + minSamplesLeaf);
        }
        if (!(subsample > 0 && subsample <= 1)) {
            throw new IllegalArgumentException("subsample must be in (0, 1], got " + subsample);
        }
    }
}
