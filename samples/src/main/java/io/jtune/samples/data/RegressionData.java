package io.jtune.samples.data;

/**
 * Rows of numeric features with a real-valued target each. Features are stored row-major in one
 * array (row {@code r} occupies {@code x[r * features .. (r + 1) * features)}). The arrays are not
 * copied: treat them as read-only.
 *
 * @param name where the data came from, for messages
 * @param rows number of rows
 * @param features number of features per row
 * @param x the features, row-major, {@code rows * features} values
 * @param y the target of each row
 */
public record RegressionData(String name, int rows, int features, double[] x, double[] y) {

    public RegressionData {
        if (x.length != rows * features || y.length != rows) {
            throw new IllegalArgumentException(name + ": " + rows + " rows of " + features + " features need " + rows * features
                    + " feature values and " + rows + " targets, got " + x.length + " and " + y.length);
        }
    }

    /** The feature {@code feature} of row {@code row}. */
    public double value(int row, int feature) {
        return x[row * features + feature];
    }

    /** A new dataset holding copies of the given rows, in the given order. */
    public RegressionData subset(int[] rowIndices) {
        double[] sx = RowGather.features(x, features, rowIndices);
        double[] sy = new double[rowIndices.length];
        for (int i = 0; i < rowIndices.length; i++) {
            sy[i] = y[rowIndices[i]];
        }
        return new RegressionData(name, rowIndices.length, features, sx, sy);
    }
}
