package io.jtune.engine.search.tpe;

import io.jtune.engine.search.model.Dimension;
import io.jtune.engine.search.model.KernelMixture;
import io.jtune.engine.search.model.Observation;
import java.util.Arrays;
import java.util.List;

/**
 * The finished observations' coordinates per numeric dimension, kept sorted as they arrive (one
 * insertion each; equal coordinates in suggestion order, as a stable sort of the trials puts them), so a group's kernels can be put in order of centre in linear time instead of a
 * sort per suggestion: with thousands of trials the bad group is nearly all of them.
 */
final class SortedColumns {
    private final List<Dimension> dims;
    private final double[][] values;
    private final int[][] orders;
    private int size;

    SortedColumns(List<Dimension> dims) {
        this.dims = dims;
        this.values = new double[dims.size()][16];
        this.orders = new int[dims.size()][16];
    }

    void add(Observation o) {
        for (int j = 0; j < dims.size(); j++) {
            if (dims.get(j).isCategorical()) {
                continue;
            }
            if (size == values[j].length) {
                values[j] = Arrays.copyOf(values[j], 2 * size);
                orders[j] = Arrays.copyOf(orders[j], 2 * size);
            }
            double v = o.x()[j];
            int at = size;
            while (at > 0 && (values[j][at - 1] > v || values[j][at - 1] == v && orders[j][at - 1] > o.order())) {
                at--;
            }
            System.arraycopy(values[j], at, values[j], at + 1, size - at);
            System.arraycopy(orders[j], at, orders[j], at + 1, size - at);
            values[j][at] = v;
            orders[j][at] = o.order();
        }
        size++;
    }

    /**
     * A group's kernels of dimension {@code j} in ascending order of centre: the finished trials
     * mapped to a kernel by {@code kernelOfOrder} (-1 for trials outside the group), merged with
     * the kernels {@code others} (trials in flight, the prior) whose centres are in {@code centres};
     * equal centres in kernel order (the kernels are in suggestion order, the prior last).
     */
    int[] byCentre(int j, int[] kernelOfOrder, int[] others, double[] centres) {
        double[] otherCentres = new double[others.length];
        for (int i = 0; i < others.length; i++) {
            otherCentres[i] = centres[others[i]];
        }
        int[] otherOrder = KernelMixture.argsort(otherCentres);
        int[] out = new int[centres.length];
        int filled = 0;
        int o = 0;
        for (int i = 0; i < size; i++) {
            int kernel = orders[j][i] < kernelOfOrder.length ? kernelOfOrder[orders[j][i]] : -1;
            if (kernel < 0) {
                continue;
            }
            while (o < others.length && (otherCentres[otherOrder[o]] < values[j][i]
                    || otherCentres[otherOrder[o]] == values[j][i] && others[otherOrder[o]] < kernel)) {
                out[filled++] = others[otherOrder[o++]];
            }
            out[filled++] = kernel;
        }
        while (o < others.length) {
            out[filled++] = others[otherOrder[o++]];
        }
        if (filled != centres.length) {
            throw new IllegalStateException("TPE: sorted columns out of step with the observations (" + filled + " of " + centres.length + " kernels)");
        }
        return out;
    }
}
