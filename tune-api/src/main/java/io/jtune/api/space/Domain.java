package io.jtune.api.space;

import io.jtune.api.Config;
import java.util.random.RandomGenerator;

/**
 * One dimension of a search space (Ray Tune's {@code tune.search.sample.Domain}). Create domains
 * with {@link Space}; put them in a {@link SearchSpace}, which validates each one under its name.
 * Searchers read a domain's fields to model it; {@link #sample} draws one value as random search
 * does.
 */
public sealed interface Domain permits FloatDomain, IntDomain, CategoricalDomain, GridDomain, FunctionDomain {

    /**
     * Draws one value. {@code resolved} is the config sampled so far (only {@link FunctionDomain}
     * reads it).
     */
    Object sample(RandomGenerator rng, Config resolved);

    /** Throws an IllegalArgumentException naming {@code parameter} and the bad value when this domain is invalid. */
    void validate(String parameter);

    /** True when {@code value} is one this domain can produce. */
    boolean contains(Object value);
}
