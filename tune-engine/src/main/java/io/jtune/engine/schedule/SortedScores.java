package io.jtune.engine.schedule;

import java.util.Arrays;

/**
 * Scores kept sorted as they come, so a percentile costs no sort: {@link #percentile} equals
 * {@link Percentiles#nanPercentile} over the same scores (NaN left out, numpy's linear
 * interpolation). Adding costs a binary search and a shift of the larger scores.
 */
final class SortedScores {
    private double[] sorted = new double[16];
    private int size;

    void add(double score) {
        if (Double.isNaN(score)) {
            return;
        }
        int at = Arrays.binarySearch(sorted, 0, size, score);
        if (at < 0) {
            at = -at - 1;
        }
        if (size == sorted.length) {
            sorted = Arrays.copyOf(sorted, size * 2);
        }
        System.arraycopy(sorted, at, sorted, at + 1, size - at);
        sorted[at] = score;
        size++;
    }

    void clear() {
        size = 0;
    }

    /** The {@code q}-th percentile (in percent) of the scores, NaN while there are none. */
    double percentile(double q) {
        if (size == 0) {
            return Double.NaN;
        }
        double rank = q / 100.0 * (size - 1);
        int lower = (int) Math.floor(rank);
        int upper = Math.min(lower + 1, size - 1);
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (rank - lower);
    }
}
