package io.jtune.report;

import java.util.List;
import java.util.Objects;

/**
 * The kind of axis a parameter is drawn on, read from the values its trials took: a few whole
 * numbers (a {@code @Choice} of integers, a small {@code randint}) are categories, positive values
 * spread over two decades or more with a third of them below a tenth of the largest (log-uniform
 * sampling) are a log axis, other numbers a linear one. Non-numeric parameters are categories.
 */
final class ParamAxis {
    static final String CATEGORY = "category";
    static final String LOG = "log";
    static final String VALUE = "value";
    /** Whole-number parameters with at most this many distinct values get a category axis. */
    static final int MOST_CATEGORIES = 12;

    private ParamAxis() {
    }

    /** The axis for these values (nulls, from trials without the parameter, are left out). */
    static String of(List<Number> values) {
        List<Double> present = values.stream().filter(Objects::nonNull).map(Number::doubleValue).filter(Double::isFinite).toList();
        if (present.isEmpty()) {
            return VALUE;
        }
        boolean whole = present.stream().allMatch(v -> v == Math.rint(v));
        if (whole && present.stream().distinct().count() <= MOST_CATEGORIES) {
            return CATEGORY;
        }
        double min = present.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double max = present.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        long belowTenth = present.stream().filter(v -> v < max / 10).count();
        return min > 0 && max / min >= 100 && belowTenth * 3 >= present.size() ? LOG : VALUE;
    }
}
