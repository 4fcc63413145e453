package io.jtune.engine.search.model;

import io.jtune.api.space.CategoricalDomain;
import io.jtune.api.space.Domain;
import io.jtune.api.space.FloatDomain;
import io.jtune.api.space.GridDomain;
import io.jtune.api.space.IntDomain;
import java.util.List;

/**
 * One modelled dimension of a search space, as the model-based searchers see it. A numeric
 * dimension is a coordinate in [0, 1]: the value's range (its logarithm for log domains) mapped
 * linearly, widened by half a step on each side for integers and quantised floats so every
 * allowed value owns an equal share. A categorical dimension (a choice or a grid) is the index of
 * its value. A normal domain N(mean, sd) is modelled within mean ± 4 sd.
 *
 * @param path      the parameter's path in the config ({@code "model/lr"})
 * @param domain    the domain it models
 * @param lo        lower end of the coordinate range, in the internal scale (log for log domains)
 * @param hi        upper end, in the internal scale
 * @param log       whether the internal scale is the logarithm of the value
 * @param unitStep  width of one step in unit coordinates for linear integer/quantised domains, else 0
 * @param choices   the categories of a categorical dimension, empty for numeric ones
 */
public record Dimension(String path, Domain domain, double lo, double hi, boolean log, double unitStep, List<Object> choices) {

    /** Standard deviations on each side of the mean within which a normal domain is modelled. */
    public static final double NORMAL_SPAN_SD = 4;

    /** The modelled dimension of a domain, or an exception naming the parameter if it cannot be modelled. */
    public static Dimension of(String path, Domain domain) {
        if (domain instanceof CategoricalDomain c) {
            return new Dimension(path, domain, 0, c.categories().size() - 1, false, 0, c.categories());
        }
        if (domain instanceof GridDomain g) {
            return new Dimension(path, domain, 0, g.values().size() - 1, false, 0, g.values());
        }
        if (domain instanceof IntDomain d) {
            double q = d.isQuantized() ? d.q() : 1;
            return numeric(path, domain, d.minValue() - q / 2, d.maxValue() + q / 2, d.log(), q);
        }
        if (domain instanceof FloatDomain f) {
            double lower = f.sampling() == FloatDomain.Sampling.NORMAL ? f.mean() - NORMAL_SPAN_SD * f.sd() : f.effectiveLower();
            double upper = f.sampling() == FloatDomain.Sampling.NORMAL ? f.mean() + NORMAL_SPAN_SD * f.sd() : f.effectiveUpper();
            double q = f.isQuantized() ? f.q() : 0;
            return numeric(path, domain, lower - q / 2, upper + q / 2, f.sampling() == FloatDomain.Sampling.LOG_UNIFORM, q);
        }
        throw new IllegalArgumentException("parameter '" + path + "': a " + domain.getClass().getSimpleName() + " cannot be modelled");
    }

    private static Dimension numeric(String path, Domain domain, double lower, double upper, boolean log, double step) {
        double lo = log ? Math.log(lower) : lower;
        double hi = log ? Math.log(upper) : upper;
        return new Dimension(path, domain, lo, hi, log, log || step == 0 ? 0 : step / (upper - lower), List.of());
    }

    public boolean isCategorical() {
        return !choices.isEmpty();
    }

    /** Number of categories (0 for a numeric dimension). */
    public int size() {
        return choices.size();
    }

    /** True for integer and quantised dimensions: their coordinates are rounded to allowed values. */
    public boolean isStepped() {
        return domain instanceof IntDomain || domain instanceof FloatDomain f && f.isQuantized();
    }

    /** The config value at a coordinate (rounded, quantised and clamped to the domain). */
    public Object toValue(double u) {
        if (isCategorical()) {
            return choices.get(categoryIndex(u));
        }
        double internal = lo + Math.max(0, Math.min(1, u)) * (hi - lo);
        double v = log ? Math.exp(internal) : internal;
        if (domain instanceof IntDomain d) {
            return d.quantize(v);
        }
        FloatDomain f = (FloatDomain) domain;
        double clamped = f.sampling() == FloatDomain.Sampling.NORMAL ? v : Math.max(f.effectiveLower(), Math.min(f.effectiveUpper(), v));
        return f.isQuantized() ? f.quantize(clamped) : clamped;
    }

    /** The coordinate of a config value; an exception naming the parameter if the domain cannot produce it. */
    public double toUnit(Object value) {
        if (!domain.contains(value)) {
            throw new IllegalArgumentException("parameter '" + path + "': value " + value + " is not in its domain " + domain);
        }
        if (isCategorical()) {
            return choices.indexOf(value);
        }
        double v = ((Number) value).doubleValue();
        double internal = log ? Math.log(v) : v;
        return Math.max(0, Math.min(1, (internal - lo) / (hi - lo)));
    }

    /** The coordinate of the value a coordinate decodes to: stepped and categorical coordinates snap to allowed values. */
    public double snap(double u) {
        return isStepped() || isCategorical() ? toUnit(toValue(u)) : Math.max(0, Math.min(1, u));
    }

    /** The category index a coordinate stands for. */
    public int categoryIndex(double u) {
        return (int) Math.max(0, Math.min(choices.size() - 1, Math.round(u)));
    }
}
