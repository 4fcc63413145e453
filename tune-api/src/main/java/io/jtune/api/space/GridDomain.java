package io.jtune.api.space;

import io.jtune.api.Config;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Grid search over values (Ray Tune's {@code tune.grid_search}): every value is tried, and the
 * grids of a space are crossed. {@link #sample} exists only for searchers that treat a grid as a
 * choice.
 */
public record GridDomain(List<Object> values) implements Domain {

    public GridDomain {
        values = List.copyOf(values);
    }

    @Override
    public Object sample(RandomGenerator rng, Config resolved) {
        return values.get(rng.nextInt(values.size()));
    }

    @Override
    public void validate(String parameter) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("parameter '" + parameter + "': grid needs at least one value, got none");
        }
    }

    @Override
    public boolean contains(Object value) {
        return values.contains(value);
    }
}
