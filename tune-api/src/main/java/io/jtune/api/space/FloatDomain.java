package io.jtune.api.space;

import io.jtune.api.Config;
import java.util.random.RandomGenerator;

/**
 * A float dimension. {@link Sampling#UNIFORM} and {@link Sampling#LOG_UNIFORM} draw from
 * {@code [lower, upper)}; {@link Sampling#NORMAL} draws from N(mean, sd) with infinite bounds.
 * When {@code quantized} the value is quantised as Ray Tune does: the bounds are moved inwards to
 * multiples of q ({@code ceil(lower/q)*q}, {@code floor(upper/q)*q}), a value is drawn between them
 * and rounded to the nearest multiple of q, which makes the upper bound reachable. A quantised
 * domain needs a finite {@code q > 0}, checked by {@link #validate} when it is bound to its
 * parameter, so the error names it.
 */
public record FloatDomain(double lower, double upper, Sampling sampling, double mean, double sd, double q, boolean quantized) implements Domain {

    /** How a float dimension is drawn. */
    public enum Sampling { UNIFORM, LOG_UNIFORM, NORMAL }

    /** A domain quantised when {@code q} is not 0. */
    public FloatDomain(double lower, double upper, Sampling sampling, double mean, double sd, double q) {
        this(lower, upper, sampling, mean, sd, q, q != 0);
    }

    public boolean isQuantized() {
        return quantized;
    }

    /** Lower bound after quantisation (the bound itself when not quantised). */
    public double effectiveLower() {
        return isQuantized() && Double.isFinite(lower) ? Math.ceil(lower / q) * q : lower;
    }

    /** Upper bound after quantisation (the bound itself when not quantised). */
    public double effectiveUpper() {
        return isQuantized() && Double.isFinite(upper) ? Math.floor(upper / q) * q : upper;
    }

    @Override
    public Object sample(RandomGenerator rng, Config resolved) {
        double lo = effectiveLower();
        double hi = effectiveUpper();
        double v = switch (sampling) {
            case UNIFORM -> lo + (hi - lo) * rng.nextDouble();
            case LOG_UNIFORM -> Math.exp(Math.log(lo) + (Math.log(hi) - Math.log(lo)) * rng.nextDouble());
            case NORMAL -> mean + sd * rng.nextGaussian();
        };
        return quantize(v);
    }

    /** Rounds to the nearest multiple of q when quantised; the value itself otherwise. */
    public double quantize(double v) {
        return isQuantized() ? Math.round(v / q) * q : v;
    }

    @Override
    public void validate(String parameter) {
        if (sampling == Sampling.NORMAL) {
            if (!(sd > 0) || !Double.isFinite(sd) || !Double.isFinite(mean)) {
                throw new IllegalArgumentException("parameter '" + parameter + "': normal needs a finite mean and sd > 0, got mean=" + mean + ", sd=" + sd);
            }
        } else {
            if (!Double.isFinite(lower) || !Double.isFinite(upper) || !(lower < upper)) {
                throw new IllegalArgumentException("parameter '" + parameter + "': lower must be < upper (both finite), got lower=" + lower + ", upper=" + upper);
            }
            if (sampling == Sampling.LOG_UNIFORM && !(lower > 0)) {
                throw new IllegalArgumentException("parameter '" + parameter + "': a log domain needs lower > 0, got lower=" + lower + " (pass the value itself, not its logarithm)");
            }
        }
        if (quantized && (!(q > 0) || Double.isInfinite(q))) {
            throw new IllegalArgumentException("parameter '" + parameter + "': q must be a finite value > 0, got q=" + q);
        }
        if (isQuantized() && sampling != Sampling.NORMAL && !(effectiveLower() <= effectiveUpper())) {
            throw new IllegalArgumentException("parameter '" + parameter + "': no multiple of q=" + q + " lies in [" + lower + ", " + upper + "]");
        }
        if (isQuantized() && sampling == Sampling.LOG_UNIFORM && !(effectiveLower() > 0)) {
            throw new IllegalArgumentException("parameter '" + parameter + "': with q=" + q + " the quantised lower bound is " + effectiveLower() + ", not > 0 as a log domain needs");
        }
    }

    @Override
    public boolean contains(Object value) {
        if (!(value instanceof Number n)) {
            return false;
        }
        double v = n.doubleValue();
        return sampling == Sampling.NORMAL ? Double.isFinite(v) : v >= effectiveLower() && v <= effectiveUpper();
    }
}
