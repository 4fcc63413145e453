package io.jtune.samples.data;

/**
 * Rows of numeric features with a class label each. Features are stored row-major in one array
 * (row {@code r} occupies {@code x[r * features .. (r + 1) * features)}) so models can read them
 * without indirection. The arrays are not copied: treat them as read-only.
 *
 * @param name where the data came from, for messages
 * @param rows number of rows
 * @param features number of features per row
 * @param x the features, row-major, {@code rows * features} values
 * @param labels the class of each row, in {@code [0, classes)}
 * @param classes number of classes
 */
public record ClassificationData(String name, int rows, int features, double[] x, int[] labels, int classes) {

    public ClassificationData {
        if (x.length != rows * features || labels.length != rows) {
            throw new IllegalArgumentException(name + ": " + rows + " rows of " + features + " features need " + rows * features
                    + " feature values and " + rows + " labels, got " + x.length + " and " + labels.length);
        }
        for (int r = 0; r < rows; r++) {
            if (labels[r] < 0 || labels[r] >= classes) {
                throw new IllegalArgumentException(name + ": row " + r + " has label " + labels[r] + ", outside [0, " + classes + ")");
            }
        }
    }

    /** A new dataset holding copies of the given rows, in the given order. */
    public ClassificationData subset(int[] rowIndices) {
        double[] sx = RowGather.features(x, features, rowIndices);
        int[] sy = new int[rowIndices.length];
        for (int i = 0; i < rowIndices.length; i++) {
            sy[i] = labels[rowIndices[i]];
        }
        return new ClassificationData(name, rowIndices.length, features, sx, sy, classes);
    }
}
