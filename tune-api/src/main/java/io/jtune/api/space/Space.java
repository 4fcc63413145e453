package io.jtune.api.space;

import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import io.jtune.api.Config;

/**
 * Factories for search-space dimensions, named and behaving as Ray Tune's {@code tune.uniform},
 * {@code tune.randint} and the rest. A domain is validated when it is put into a
 * {@link SearchSpace} (so the error can name the parameter): a quantised factory's {@code q}
 * too.
 */
public final class Space {
    private Space() {
    }

    /** A float drawn uniformly from [lower, upper). */
    public static FloatDomain uniform(double lower, double upper) {
        return new FloatDomain(lower, upper, FloatDomain.Sampling.UNIFORM, 0, 0, 0);
    }

    /** As {@link #uniform}, rounded to a multiple of q; the upper bound becomes reachable. */
    public static FloatDomain quniform(double lower, double upper, double q) {
        return new FloatDomain(lower, upper, FloatDomain.Sampling.UNIFORM, 0, 0, q, true);
    }

    /** A float whose logarithm is uniform in [log lower, log upper); lower must be > 0. */
    public static FloatDomain loguniform(double lower, double upper) {
        return new FloatDomain(lower, upper, FloatDomain.Sampling.LOG_UNIFORM, 0, 0, 0);
    }

    /** As {@link #loguniform}, rounded to a multiple of q. */
    public static FloatDomain qloguniform(double lower, double upper, double q) {
        return new FloatDomain(lower, upper, FloatDomain.Sampling.LOG_UNIFORM, 0, 0, q, true);
    }

    /** A float drawn from the normal distribution N(mean, sd). */
    public static FloatDomain randn(double mean, double sd) {
        return new FloatDomain(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, FloatDomain.Sampling.NORMAL, mean, sd, 0);
    }

    /** As {@link #randn}, rounded to a multiple of q. */
    public static FloatDomain qrandn(double mean, double sd, double q) {
        return new FloatDomain(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, FloatDomain.Sampling.NORMAL, mean, sd, q, true);
    }

    /** An integer drawn uniformly from [lower, upper): upper is excluded. */
    public static IntDomain randint(int lower, int upper) {
        return new IntDomain(lower, upper, false, IntDomain.NOT_QUANTIZED);
    }

    /** An integer multiple of q drawn from [lower, upper]: upper is included. */
    public static IntDomain qrandint(int lower, int upper, int q) {
        return new IntDomain(lower, upper, false, q, true);
    }

    /** An integer drawn log-uniformly from [lower, upper): upper is excluded. */
    public static IntDomain lograndint(int lower, int upper) {
        return new IntDomain(lower, upper, true, IntDomain.NOT_QUANTIZED);
    }

    /** An integer multiple of q drawn log-uniformly from [lower, upper]: upper is included. */
    public static IntDomain qlograndint(int lower, int upper, int q) {
        return new IntDomain(lower, upper, true, q, true);
    }

    /** One of the values, each equally likely. */
    public static CategoricalDomain choice(Object... values) {
        return new CategoricalDomain(Arrays.asList(values));
    }

    /** One of the values, each equally likely. */
    public static CategoricalDomain choice(List<?> values) {
        return new CategoricalDomain(List.copyOf(values));
    }

    /** Every value, crossed with the space's other grids. */
    public static GridDomain grid(Object... values) {
        return new GridDomain(Arrays.asList(values));
    }

    /** Every value, crossed with the space's other grids. */
    public static GridDomain grid(List<?> values) {
        return new GridDomain(List.copyOf(values));
    }

    /** A value computed from the config sampled so far. */
    public static FunctionDomain sampleFrom(Function<Config, ?> function) {
        return new FunctionDomain(function);
    }
}
