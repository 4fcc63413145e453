package io.jtune.engine.search.model;

import io.jtune.api.Config;
import io.jtune.api.space.Domain;
import io.jtune.api.space.FunctionDomain;
import io.jtune.api.space.SearchSpace;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * A search space as a numeric vector and back: one {@link Dimension} per modelled domain (nested
 * spaces are flattened to paths), constants copied, and {@link FunctionDomain} values computed
 * from the decoded config in declaration order, as random search does. Conditional entries whose
 * condition does not hold are left out of decoded configs.
 */
public final class SpaceEncoding {
    private final SearchSpace space;
    private final List<Dimension> dimensions;

    private SpaceEncoding(SearchSpace space, List<Dimension> dimensions) {
        this.space = space;
        this.dimensions = List.copyOf(dimensions);
    }

    /** The encoding of a space; {@code searcher} names who asks, for the error when nothing can be modelled. */
    public static SpaceEncoding of(SearchSpace space, String searcher) {
        List<Dimension> dims = new ArrayList<>();
        space.domains().forEach((path, domain) -> {
            if (!(domain instanceof FunctionDomain)) {
                dims.add(Dimension.of(path, domain));
            }
        });
        if (dims.isEmpty()) {
            throw new IllegalArgumentException(searcher + " needs a search space with at least one dimension to search, got " + space);
        }
        return new SpaceEncoding(space, dims);
    }

    public List<Dimension> dimensions() {
        return dimensions;
    }

    /** Every path of the space (dimensions, constants and sample-from functions). */
    public Set<String> paths() {
        return space.flatten().keySet();
    }

    public int size() {
        return dimensions.size();
    }

    public Dimension dimension(int i) {
        return dimensions.get(i);
    }

    /** A vector drawn as random search draws configs (each domain's own distribution). */
    public double[] sampleRandom(RandomGenerator rng) {
        double[] x = new double[dimensions.size()];
        for (int i = 0; i < x.length; i++) {
            Dimension d = dimensions.get(i);
            x[i] = d.toUnit(d.domain().sample(rng, Config.empty()));
        }
        return x;
    }

    /** Every coordinate snapped to the value it decodes to. */
    public double[] snap(double[] x) {
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = dimensions.get(i).snap(x[i]);
        }
        return out;
    }

    /**
     * The vector of a (possibly partial) config: given values are checked against their domains
     * (the error names the parameter); missing ones are drawn from their domains.
     */
    public double[] encode(Config config, RandomGenerator rng) {
        double[] x = new double[dimensions.size()];
        for (int i = 0; i < x.length; i++) {
            Dimension d = dimensions.get(i);
            x[i] = config.has(d.path()) ? d.toUnit(config.get(d.path())) : d.toUnit(d.domain().sample(rng, Config.empty()));
        }
        return x;
    }

    /** The config of a vector: decoded dimensions, constants, then sample-from functions in declaration order. */
    public Config decode(double[] x, RandomGenerator rng) {
        Map<String, Object> decoded = new LinkedHashMap<>();
        for (int i = 0; i < x.length; i++) {
            decoded.put(dimensions.get(i).path(), dimensions.get(i).toValue(x[i]));
        }
        return resolve(decoded, rng);
    }

    /**
     * A config from values by path, the rest of the space filled in: constants, and sample-from
     * functions computed from the values (a function's path given a value keeps that value).
     */
    public Config resolve(Map<String, Object> values, RandomGenerator rng) {
        Map<String, Object> flat = new LinkedHashMap<>();
        List<Map.Entry<String, FunctionDomain>> functions = new ArrayList<>();
        for (Map.Entry<String, Object> e : space.flatten().entrySet()) {
            String path = e.getKey();
            if (values.containsKey(path)) {
                flat.put(path, values.get(path));
            } else if (e.getValue() instanceof FunctionDomain f) {
                flat.put(path, null);
                functions.add(Map.entry(path, f));
            } else if (!(e.getValue() instanceof Domain)) {
                flat.put(path, e.getValue());
            }
        }
        Map<String, Object> active = space.isConditional() ? space.activeOnly(flat) : flat;
        for (Map.Entry<String, FunctionDomain> f : functions) {
            if (active.containsKey(f.getKey())) {
                active.put(f.getKey(), f.getValue().sample(rng, Config.unflatten(active)));
            }
        }
        return Config.unflatten(active);
    }

    /** True when some dimension is conditional (active only for some values of a choice). */
    public boolean isConditional() {
        return space.isConditional();
    }

    /**
     * The vector with every coordinate that is inactive in the config it decodes to set to NaN, so
     * a model that handles conditional dimensions learns each one only from trials where it was
     * active; the vector itself when the space has no conditions.
     */
    public double[] maskInactive(double[] x) {
        if (!space.isConditional()) {
            return x;
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (int i = 0; i < x.length; i++) {
            if (!Double.isNaN(x[i])) {
                values.put(dimensions.get(i).path(), dimensions.get(i).toValue(x[i]));
            }
        }
        double[] out = x.clone();
        for (int i = 0; i < x.length; i++) {
            if (!space.isActive(dimensions.get(i).path(), values)) {
                out[i] = Double.NaN;
            }
        }
        return out;
    }
}
