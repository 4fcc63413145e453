package io.jtune.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Hyperparameter importance as each parameter's share of explained variance of the objective
 * (the correlation ratio η², the first-order term of a functional ANOVA, estimated without a
 * surrogate model): trials are grouped by the parameter's value (numbers in up to {@value #BINS}
 * equal-count bins, anything else by value), and η² = between-group variance / total variance of
 * the objective. The shares are then scaled to sum to 1. Interactions between parameters are not
 * measured, and few trials make the estimate noisy (each group needs trials of its own).
 */
final class ParamImportance {
    static final int BINS = 10;

    private ParamImportance() {
    }

    /**
     * @param params the parameters' values by trial (one list per parameter, aligned with {@code objective}; null = missing)
     * @param objective one finite value per trial
     * @return the normalised importance of each parameter, in the order given (all 0 when the objective does not vary)
     */
    static Map<String, Double> of(Map<String, List<Object>> params, double[] objective) {
        Map<String, Double> raw = new LinkedHashMap<>();
        double sum = 0;
        for (Map.Entry<String, List<Object>> e : params.entrySet()) {
            double eta = etaSquared(groups(e.getValue()), objective);
            raw.put(e.getKey(), eta);
            sum += eta;
        }
        Map<String, Double> shares = new LinkedHashMap<>();
        for (Map.Entry<String, Double> e : raw.entrySet()) {
            shares.put(e.getKey(), sum > 0 ? e.getValue() / sum : 0.0);
        }
        return shares;
    }

    /**
     * The group of each trial: for numbers, an equal-count bin over the sorted values (equal values
     * share the bin of the first of them, so few distinct values group by value; missing ones form
     * a group of their own); otherwise one group per distinct value.
     */
    static int[] groups(List<Object> values) {
        int n = values.size();
        int[] group = new int[n];
        if (values.stream().allMatch(v -> v == null || v instanceof Number)) {
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (values.get(i) == null) {
                    group[i] = -1;
                } else {
                    order.add(i);
                }
            }
            order.sort((a, b) -> Double.compare(number(values.get(a)), number(values.get(b))));
            int bin = 0;
            for (int rank = 0; rank < order.size(); rank++) {
                if (rank == 0 || number(values.get(order.get(rank))) != number(values.get(order.get(rank - 1)))) {
                    bin = (int) ((long) rank * BINS / order.size());
                }
                group[order.get(rank)] = bin;
            }
        } else {
            Map<String, Integer> index = new HashMap<>();
            for (int i = 0; i < n; i++) {
                group[i] = index.computeIfAbsent(String.valueOf(values.get(i)), k -> index.size());
            }
        }
        return group;
    }

    private static double number(Object value) {
        return ((Number) value).doubleValue();
    }

    static double etaSquared(int[] group, double[] y) {
        int n = y.length;
        if (n < 2) {
            return 0;
        }
        double mean = 0;
        for (double v : y) {
            mean += v;
        }
        mean /= n;
        double total = 0;
        Map<Integer, double[]> sums = new HashMap<>();
        for (int i = 0; i < n; i++) {
            total += (y[i] - mean) * (y[i] - mean);
            double[] s = sums.computeIfAbsent(group[i], g -> new double[2]);
            s[0] += y[i];
            s[1]++;
        }
        if (total <= 0) {
            return 0;
        }
        double between = 0;
        for (double[] s : sums.values()) {
            double groupMean = s[0] / s[1];
            between += s[1] * (groupMean - mean) * (groupMean - mean);
        }
        return between / total;
    }
}
