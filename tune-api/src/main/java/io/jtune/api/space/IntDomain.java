package io.jtune.api.space;

import io.jtune.api.Config;
import java.util.random.RandomGenerator;

/**
 * An integer dimension, with Ray Tune's bounds: {@code randint} and {@code lograndint} include
 * {@code lower} and exclude {@code upper}; the quantised forms {@code qrandint} and
 * {@code qlograndint} ({@code q >= 1}) include both, drawing between the multiples of q inside the
 * bounds and rounding to the nearest multiple. Log sampling draws exp(uniform(log lower, log upper))
 * and floors it, as Ray Tune does. Values are {@code Integer}s. A quantised domain's q is checked by
 * {@link #validate} when it is bound to its parameter, so the error names it.
 */
public record IntDomain(int lower, int upper, boolean log, int q, boolean quantized) implements Domain {

    /** q of an unquantised domain. */
    public static final int NOT_QUANTIZED = 0;

    /** A domain quantised when {@code q} is not {@link #NOT_QUANTIZED}. */
    public IntDomain(int lower, int upper, boolean log, int q) {
        this(lower, upper, log, q, q != NOT_QUANTIZED);
    }

    public boolean isQuantized() {
        return quantized;
    }

    /** The smallest value this domain produces. */
    public int minValue() {
        return isQuantized() ? (int) (Math.ceil((double) lower / q) * q) : lower;
    }

    /** The largest value this domain produces (inclusive). */
    public int maxValue() {
        return isQuantized() ? (int) (Math.floor((double) upper / q) * q) : upper - 1;
    }

    @Override
    public Object sample(RandomGenerator rng, Config resolved) {
        int lo = minValue();
        int hi = maxValue();
        if (!isQuantized() || q == 1) {
            if (!log) {
                return lo + rng.nextInt(hi - lo + 1);
            }
            double top = isQuantized() ? hi + 1 : upper;
            return (int) Math.min(hi, Math.floor(Math.exp(Math.log(lo) + (Math.log(top) - Math.log(lo)) * rng.nextDouble())));
        }
        double v = log
                ? Math.floor(Math.exp(Math.log(lo) + (Math.log(hi) - Math.log(lo)) * rng.nextDouble()))
                : hi > lo ? lo + rng.nextInt(hi - lo) : lo;
        return quantize(v);
    }

    /** Rounds to the nearest multiple of q (a no-op when not quantised), clamped to the domain. */
    public int quantize(double v) {
        long r = isQuantized() ? Math.round(v / q) * q : Math.round(v);
        return (int) Math.max(minValue(), Math.min(maxValue(), r));
    }

    @Override
    public void validate(String parameter) {
        if (quantized && q <= 0) {
            throw new IllegalArgumentException("parameter '" + parameter + "': q must be >= 1, got q=" + q);
        }
        if (isQuantized() ? lower > upper : lower >= upper) {
            throw new IllegalArgumentException("parameter '" + parameter + "': lower must be " + (isQuantized() ? "<=" : "<") + " upper, got lower=" + lower + ", upper=" + upper
                    + (isQuantized() ? "" : " (randint excludes upper)"));
        }
        if (log && lower <= 0) {
            throw new IllegalArgumentException("parameter '" + parameter + "': a log domain needs lower > 0, got lower=" + lower);
        }
        if (minValue() > maxValue()) {
            throw new IllegalArgumentException("parameter '" + parameter + "': no multiple of q=" + q + " lies in [" + lower + ", " + upper + "]");
        }
    }

    @Override
    public boolean contains(Object value) {
        if (!(value instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue())) {
            return false;
        }
        long v = n.longValue();
        return v >= minValue() && v <= maxValue() && (!isQuantized() || v % q == 0);
    }
}
