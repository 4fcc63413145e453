package io.jtune.api.space;

import io.jtune.api.Config;
import java.util.List;
import java.util.random.RandomGenerator;

/** A choice among values, each equally likely (Ray Tune's {@code tune.choice}). */
public record CategoricalDomain(List<Object> categories) implements Domain {

    public CategoricalDomain {
        categories = List.copyOf(categories);
    }

    @Override
    public Object sample(RandomGenerator rng, Config resolved) {
        return categories.get(rng.nextInt(categories.size()));
    }

    /** Index of a value, or -1. */
    public int indexOf(Object value) {
        return categories.indexOf(value);
    }

    @Override
    public void validate(String parameter) {
        if (categories.isEmpty()) {
            throw new IllegalArgumentException("parameter '" + parameter + "': choice needs at least one value, got none");
        }
    }

    @Override
    public boolean contains(Object value) {
        return categories.contains(value);
    }
}
