package io.jtune.engine.search.mo;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The hypervolume of loss vectors (lower is better) against a reference point: the volume of the
 * region they dominate and the reference point bounds. Points not strictly better than the
 * reference in every coordinate add nothing. Exact, by slicing along the last objective
 * (hypervolume by slicing objectives), which suits the fronts of a tuning run (up to a few hundred
 * points, a few objectives).
 */
public final class Hypervolume {
    private Hypervolume() {
    }

    public static double of(List<double[]> points, double[] reference) {
        List<double[]> inside = new ArrayList<>();
        for (double[] p : points) {
            boolean ok = p.length == reference.length;
            for (int i = 0; ok && i < p.length; i++) {
                ok = p[i] < reference[i];
            }
            if (ok) {
                inside.add(p);
            }
        }
        return volume(nonDominated(inside), reference, reference.length);
    }

    /** The volume in the first {@code d} coordinates. */
    private static double volume(List<double[]> points, double[] reference, int d) {
        if (points.isEmpty()) {
            return 0;
        }
        if (d == 1) {
            double best = reference[0];
            for (double[] p : points) {
                best = Math.min(best, p[0]);
            }
            return reference[0] - best;
        }
        if (d == 2) {
            List<double[]> sorted = new ArrayList<>(points);
            sorted.sort(Comparator.comparingDouble(p -> p[0]));
            double area = 0;
            double lastY = reference[1];
            for (double[] p : sorted) {
                if (p[1] < lastY) {
                    area += (reference[0] - p[0]) * (lastY - p[1]);
                    lastY = p[1];
                }
            }
            return area;
        }
        int last = d - 1;
        List<double[]> sorted = new ArrayList<>(points);
        sorted.sort(Comparator.comparingDouble(p -> p[last]));
        double total = 0;
        List<double[]> slice = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            slice.add(sorted.get(i));
            double top = i + 1 < sorted.size() ? sorted.get(i + 1)[last] : reference[last];
            double depth = top - sorted.get(i)[last];
            if (depth > 0) {
                total += depth * volume(nonDominated(slice, last), reference, last);
            }
        }
        return total;
    }

    private static List<double[]> nonDominated(List<double[]> points) {
        return nonDominated(points, points.isEmpty() ? 0 : points.get(0).length);
    }

    /** The points no other dominates in the first {@code d} coordinates. */
    private static List<double[]> nonDominated(List<double[]> points, int d) {
        List<double[]> out = new ArrayList<>();
        for (double[] p : points) {
            boolean dominated = false;
            for (double[] q : points) {
                if (q != p && dominatesIn(q, p, d)) {
                    dominated = true;
                    break;
                }
            }
            if (!dominated) {
                out.add(p);
            }
        }
        return out;
    }

    private static boolean dominatesIn(double[] a, double[] b, int d) {
        boolean better = false;
        for (int i = 0; i < d; i++) {
            if (a[i] > b[i]) {
                return false;
            }
            better |= a[i] < b[i];
        }
        return better;
    }
}
