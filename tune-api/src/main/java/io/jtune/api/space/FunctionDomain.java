package io.jtune.api.space;

import io.jtune.api.Config;
import java.util.Objects;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * A value computed from the config sampled so far (Ray Tune's {@code tune.sample_from}). It is
 * resolved after every other dimension, in declaration order, so it sees all of them and the
 * functions declared before it.
 */
public record FunctionDomain(Function<Config, ?> function) implements Domain {

    public FunctionDomain {
        Objects.requireNonNull(function, "sample-from function");
    }

    @Override
    public Object sample(RandomGenerator rng, Config resolved) {
        return function.apply(resolved);
    }

    @Override
    public void validate(String parameter) {
        // any function is valid; what it returns is the user's affair
    }

    @Override
    public boolean contains(Object value) {
        return true;
    }
}
