package io.jtune.engine.schedule;

import java.util.Arrays;

/**
 * One percentile of scores as they come: {@link #percentile()} equals
 * {@link Percentiles#nanPercentile} at {@code q} over the same scores (NaN left out, numpy's linear
 * interpolation). The lowest {@code floor(q/100·(n−1)) + 1} scores are kept in a max-heap and the
 * others in a min-heap, so the two scores the percentile interpolates between are their tops and
 * adding a score costs O(log n), however many a rung records (a sorted array shifted half its
 * scores at each addition).
 */
final class RunningPercentile {
    private final double q;
    /** Max-heap of the lower scores. */
    private double[] low = new double[16];
    private int lowSize;
    /** Min-heap of the upper scores. */
    private double[] high = new double[16];
    private int highSize;

    /** {@code q} in percent. */
    RunningPercentile(double q) {
        this.q = q;
    }

    void add(double score) {
        if (Double.isNaN(score)) {
            return;
        }
        if (lowSize > 0 && score <= -low[0]) {
            low = push(low, lowSize++, -score);
        } else {
            high = push(high, highSize++, score);
        }
        int wantLow = lowerRank(lowSize + highSize) + 1;
        while (lowSize > wantLow) {
            double moved = -low[0];
            pop(low, lowSize--);
            high = push(high, highSize++, moved);
        }
        while (lowSize < wantLow) {
            double moved = high[0];
            pop(high, highSize--);
            low = push(low, lowSize++, -moved);
        }
    }

    void clear() {
        lowSize = 0;
        highSize = 0;
    }

    /** The percentile, NaN while there are no scores. */
    double percentile() {
        int n = lowSize + highSize;
        if (n == 0) {
            return Double.NaN;
        }
        double rank = q / 100.0 * (n - 1);
        int lower = lowerRank(n);
        double below = -low[0];
        double above = lower + 1 <= n - 1 ? high[0] : below;
        return below + (above - below) * (rank - lower);
    }

    private int lowerRank(int n) {
        return (int) Math.floor(q / 100.0 * (n - 1));
    }

    /** Adds {@code value} to the min-heap {@code heap} of {@code size} values; returns the heap (grown when full). The max-heap holds negated scores. */
    private static double[] push(double[] heap, int size, double value) {
        double[] h = size == heap.length ? Arrays.copyOf(heap, size * 2) : heap;
        int i = size;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!(value < h[parent])) {
                break;
            }
            h[i] = h[parent];
            i = parent;
        }
        h[i] = value;
        return h;
    }

    /** Removes the top of the min-heap {@code heap} of {@code size} values. */
    private static void pop(double[] heap, int size) {
        int last = size - 1;
        double value = heap[last];
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= last) {
                break;
            }
            if (child + 1 < last && heap[child + 1] < heap[child]) {
                child++;
            }
            if (!(heap[child] < value)) {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        heap[i] = value;
    }
}
