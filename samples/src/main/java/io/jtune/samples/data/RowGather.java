package io.jtune.samples.data;

/** Copies selected rows out of a row-major feature array. */
final class RowGather {
    private RowGather() {
    }

    static double[] features(double[] x, int features, int[] rowIndices) {
        double[] out = new double[rowIndices.length * features];
        for (int i = 0; i < rowIndices.length; i++) {
            System.arraycopy(x, rowIndices[i] * features, out, i * features, features);
        }
        return out;
    }
}
