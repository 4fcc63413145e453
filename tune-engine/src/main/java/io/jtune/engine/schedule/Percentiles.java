package io.jtune.engine.schedule;

import java.util.Arrays;

/** Order statistics as numpy computes them, ignoring NaN. */
final class Percentiles {
    private Percentiles() {
    }

    /**
     * numpy's {@code nanpercentile(values, q)} with its default linear interpolation: NaN values are
     * left out; NaN when none is left. {@code q} is in percent.
     */
    static double nanPercentile(double[] values, int count, double q) {
        double[] finite = new double[count];
        int n = 0;
        for (int i = 0; i < count; i++) {
            if (!Double.isNaN(values[i])) {
                finite[n++] = values[i];
            }
        }
        if (n == 0) {
            return Double.NaN;
        }
        Arrays.sort(finite, 0, n);
        double rank = q / 100.0 * (n - 1);
        int lower = (int) Math.floor(rank);
        int upper = Math.min(lower + 1, n - 1);
        double fraction = rank - lower;
        return finite[lower] + (finite[upper] - finite[lower]) * fraction;
    }

    /** The median (numpy's {@code nanmedian}): the 50th percentile, ignoring NaN. */
    static double nanMedian(double[] values, int count) {
        return nanPercentile(values, count, 50);
    }
}
