package io.jtune.samples.boosting;

/**
 * A fitted binary regression tree stored as parallel node arrays; node 0 is the root. An inner
 * node sends a row left when its feature value is {@code <=} the node's threshold; a leaf (feature
 * {@code -1}) holds the value it predicts. Immutable.
 */
final class RegressionTree {
    static final int LEAF = -1;

    private final int[] feature;
    private final double[] threshold;
    private final int[] left;
    private final int[] right;
    private final double[] value;

    /** Checks the arrays form a tree over {@code features} features (so a damaged checkpoint cannot loop or overrun). */
    RegressionTree(int features, int[] feature, double[] threshold, int[] left, int[] right, double[] value) {
        int nodes = feature.length;
        if (nodes == 0 || threshold.length != nodes || left.length != nodes || right.length != nodes || value.length != nodes) {
            throw new IllegalArgumentException("a regression tree needs at least one node and five arrays of equal length, got "
                    + feature.length + ", " + threshold.length + ", " + left.length + ", " + right.length + ", " + value.length);
        }
        for (int n = 0; n < nodes; n++) {
            if (feature[n] < LEAF || feature[n] >= features) {
                throw new IllegalArgumentException("regression tree node " + n + " splits on feature " + feature[n]
                        + "; features are 0.." + (features - 1));
            }
            if (feature[n] != LEAF && (left[n] <= n || left[n] >= nodes || right[n] <= n || right[n] >= nodes)) {
                throw new IllegalArgumentException("regression tree node " + n + " has children " + left[n] + " and " + right[n]
                        + "; children must come after their parent and within " + nodes + " nodes");
            }
        }
        this.feature = feature;
        this.threshold = threshold;
        this.left = left;
        this.right = right;
        this.value = value;
    }

    /** The prediction for the row starting at {@code x[offset]}. */
    double predict(double[] x, int offset) {
        int node = 0;
        while (feature[node] != LEAF) {
            node = x[offset + feature[node]] <= threshold[node] ? left[node] : right[node];
        }
        return value[node];
    }

    int nodes() {
        return feature.length;
    }

    int[] feature() {
        return feature;
    }

    double[] threshold() {
        return threshold;
    }

    int[] left() {
        return left;
    }

    int[] right() {
        return right;
    }

    double[] value() {
        return value;
    }
}
