package io.jtune.engine.search.mo;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/** Pareto dominance over loss vectors (every coordinate lower is better): fronts and crowding distances, as NSGA-II defines them. */
public final class Pareto {
    private Pareto() {
    }

    /** True when {@code a} is no worse than {@code b} everywhere and better somewhere. */
    public static boolean dominates(double[] a, double[] b) {
        boolean better = false;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > b[i]) {
                return false;
            }
            better |= a[i] < b[i];
        }
        return better;
    }

    /** The non-dominated sorting: front 0 holds the points no other dominates, front 1 those only front 0 dominates, ...; each front lists indices in input order. */
    public static List<List<Integer>> fronts(List<double[]> points) {
        int n = points.size();
        int[] dominatedBy = new int[n];
        List<List<Integer>> dominates = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            dominates.add(new ArrayList<>());
        }
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (dominates(points.get(i), points.get(j))) {
                    dominates.get(i).add(j);
                    dominatedBy[j]++;
                } else if (dominates(points.get(j), points.get(i))) {
                    dominates.get(j).add(i);
                    dominatedBy[i]++;
                }
            }
        }
        List<List<Integer>> fronts = new ArrayList<>();
        List<Integer> front = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (dominatedBy[i] == 0) {
                front.add(i);
            }
        }
        while (!front.isEmpty()) {
            fronts.add(front);
            List<Integer> next = new ArrayList<>();
            for (int i : front) {
                for (int j : dominates.get(i)) {
                    if (--dominatedBy[j] == 0) {
                        next.add(j);
                    }
                }
            }
            next.sort(Integer::compare);
            front = next;
        }
        return fronts;
    }

    /** The crowding distance of each point of one front (infinite at each objective's extremes). */
    public static double[] crowdingDistances(List<double[]> front) {
        int n = front.size();
        double[] distance = new double[n];
        if (n == 0) {
            return distance;
        }
        int m = front.get(0).length;
        Integer[] order = new Integer[n];
        for (int k = 0; k < m; k++) {
            int objective = k;
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            Arrays.sort(order, Comparator.comparingDouble(i -> front.get(i)[objective]));
            double lo = front.get(order[0])[k];
            double hi = front.get(order[n - 1])[k];
            distance[order[0]] = Double.POSITIVE_INFINITY;
            distance[order[n - 1]] = Double.POSITIVE_INFINITY;
            if (hi == lo) {
                continue;
            }
            for (int r = 1; r < n - 1; r++) {
                distance[order[r]] += (front.get(order[r + 1])[k] - front.get(order[r - 1])[k]) / (hi - lo);
            }
        }
        return distance;
    }
}
