package io.jtune.samples.boosting;

import io.jtune.samples.data.RegressionData;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * Fits one least-squares regression tree to per-row targets (a boosting round's residuals) by
 * exact greedy splitting. The training rows are sorted by every feature once; each tree filters
 * those orders to its sample and keeps them sorted while partitioning, so finding a node's best
 * split is one linear scan per feature and nothing is re-sorted. Buffers are reused across trees;
 * an instance is not thread-safe.
 */
final class TreeBuilder {
    private static final double MIN_GAIN = 1e-12;

    private final RegressionData train;
    private final BoostingHyperparameters hyperparameters;
    private final int[][] presorted;
    private final int[][] sorted;
    private final int[] scratch;
    private final boolean[] inSample;
    private final boolean[] goesLeft;
    private final int[] nodeFeature;
    private final double[] nodeThreshold;
    private final int[] nodeLeft;
    private final int[] nodeRight;
    private final double[] nodeValue;
    private double[] target;
    private double shrinkage;
    private int nodeCount;

    TreeBuilder(RegressionData train, BoostingHyperparameters hyperparameters) {
        this.train = train;
        this.hyperparameters = hyperparameters;
        int rows = train.rows();
        this.presorted = new int[train.features()][];
        this.sorted = new int[train.features()][rows];
        for (int f = 0; f < train.features(); f++) {
            int feature = f;
            presorted[f] = IntStream.range(0, rows).boxed()
                    .sorted((a, b) -> Double.compare(train.value(a, feature), train.value(b, feature)))
                    .mapToInt(Integer::intValue).toArray();
        }
        this.scratch = new int[rows];
        this.inSample = new boolean[rows];
        this.goesLeft = new boolean[rows];
        int capacity = (int) Math.min((1L << (hyperparameters.maxDepth() + 1)) - 1, 2L * rows - 1);
        this.nodeFeature = new int[capacity];
        this.nodeThreshold = new double[capacity];
        this.nodeLeft = new int[capacity];
        this.nodeRight = new int[capacity];
        this.nodeValue = new double[capacity];
    }

    /**
     * A tree fitted to {@code target} (one value per training row) on the training rows
     * {@code sample[0..sampleSize)}, its leaf values multiplied by {@code shrinkage}.
     */
    RegressionTree fit(double[] target, int[] sample, int sampleSize, double shrinkage) {
        this.target = target;
        this.shrinkage = shrinkage;
        Arrays.fill(inSample, false);
        for (int i = 0; i < sampleSize; i++) {
            inSample[sample[i]] = true;
        }
        for (int f = 0; f < presorted.length; f++) {
            int n = 0;
            for (int row : presorted[f]) {
                if (inSample[row]) {
                    sorted[f][n++] = row;
                }
            }
        }
        nodeCount = 0;
        grow(0, sampleSize, 0);
        return new RegressionTree(train.features(), Arrays.copyOf(nodeFeature, nodeCount),
                Arrays.copyOf(nodeThreshold, nodeCount), Arrays.copyOf(nodeLeft, nodeCount),
                Arrays.copyOf(nodeRight, nodeCount), Arrays.copyOf(nodeValue, nodeCount));
    }

    /** Grows the subtree over the rows at positions [start, end) of the sorted arrays; returns its node index. */
    private int grow(int start, int end, int depth) {
        int node = nodeCount++;
        int rows = end - start;
        double sum = 0;
        for (int i = start; i < end; i++) {
            sum += target[sorted[0][i]];
        }
        nodeValue[node] = shrinkage * sum / rows;
        nodeFeature[node] = RegressionTree.LEAF;
        nodeThreshold[node] = 0;
        nodeLeft[node] = 0;
        nodeRight[node] = 0;
        if (depth >= hyperparameters.maxDepth() || rows < 2 * hyperparameters.minSamplesLeaf()) {
            return node;
        }
        double bestGain = MIN_GAIN * Math.max(1, sum * sum / rows);
        int bestFeature = RegressionTree.LEAF;
        int bestLeftRows = 0;
        double bestThreshold = 0;
        int minLeaf = hyperparameters.minSamplesLeaf();
        for (int f = 0; f < sorted.length; f++) {
            int[] order = sorted[f];
            double leftSum = 0;
            for (int i = start; i < end - minLeaf; i++) {
                leftSum += target[order[i]];
                int leftRows = i - start + 1;
                double here = train.value(order[i], f);
                double next = train.value(order[i + 1], f);
                if (leftRows < minLeaf || here == next) {
                    continue;
                }
                double rightSum = sum - leftSum;
                double gain = leftSum * leftSum / leftRows + rightSum * rightSum / (rows - leftRows) - sum * sum / rows;
                if (gain > bestGain) {
                    bestGain = gain;
                    bestFeature = f;
                    bestLeftRows = leftRows;
                    bestThreshold = midpoint(here, next);
                }
            }
        }
        if (bestFeature == RegressionTree.LEAF) {
            return node;
        }
        partition(start, end, bestFeature, bestLeftRows);
        nodeFeature[node] = bestFeature;
        nodeThreshold[node] = bestThreshold;
        nodeLeft[node] = grow(start, start + bestLeftRows, depth + 1);
        nodeRight[node] = grow(start + bestLeftRows, end, depth + 1);
        return node;
    }

    /** A threshold t with {@code low <= t < high}. */
    private static double midpoint(double low, double high) {
        double mid = low + (high - low) / 2;
        return mid < high ? mid : low;
    }

    /** Reorders every feature's segment so the split's left rows come first, each side still sorted. */
    private void partition(int start, int end, int splitFeature, int leftRows) {
        int[] splitOrder = sorted[splitFeature];
        for (int i = start; i < end; i++) {
            goesLeft[splitOrder[i]] = i < start + leftRows;
        }
        for (int f = 0; f < sorted.length; f++) {
            if (f == splitFeature) {
                continue;
            }
            int[] order = sorted[f];
            int left = start;
            int right = 0;
            for (int i = start; i < end; i++) {
                int row = order[i];
                if (goesLeft[row]) {
                    order[left++] = row;
                } else {
                    scratch[right++] = row;
                }
            }
            System.arraycopy(scratch, 0, order, left, right);
        }
    }
}
