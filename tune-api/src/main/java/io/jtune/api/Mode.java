package io.jtune.api;

/** Whether a metric is to be minimised or maximised. NaN is never better than anything. */
public enum Mode {
    MIN,
    MAX;

    /** True when {@code candidate} is strictly better than {@code incumbent}; NaN never is, and anything finite beats NaN. */
    public boolean isBetter(double candidate, double incumbent) {
        if (Double.isNaN(candidate)) {
            return false;
        }
        if (Double.isNaN(incumbent)) {
            return true;
        }
        return this == MIN ? candidate < incumbent : candidate > incumbent;
    }

    /** The value this mode considers worst; a starting point for a running best. */
    public double worst() {
        return this == MIN ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
    }

    /** Maps a value so that larger is always better: {@code v} for MAX, {@code -v} for MIN. */
    public double signed(double value) {
        return this == MAX ? value : -value;
    }

    /** Parses "min" or "max" (any case). */
    public static Mode parse(String text) {
        for (Mode m : values()) {
            if (m.name().equalsIgnoreCase(text.trim())) {
                return m;
            }
        }
        throw new IllegalArgumentException("mode '" + text + "' is neither 'min' nor 'max'");
    }

    /** Lower-case name, as Ray Tune writes it. */
    @Override
    public String toString() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
