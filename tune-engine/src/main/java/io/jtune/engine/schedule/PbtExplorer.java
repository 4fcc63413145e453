package io.jtune.engine.schedule;

import io.jtune.api.Config;
import io.jtune.api.TuneException;
import io.jtune.api.spi.TrialView;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * PBT's explore step (Ray Tune's {@code _explore}): a new config from a top trial's config, one
 * mutation at a time, in the order the mutations were declared, then the custom explore function.
 * Draws, per mutated parameter: one uniform number against {@code resampleProbability}, then the
 * resampled value, or the shift direction (choices) or the factor (numbers).
 */
final class PbtExplorer implements PbtExploreStrategy {
    private final Map<String, PbtMutation> mutations;
    private final double resampleProbability;
    private final List<Double> perturbationFactors;
    private final UnaryOperator<Config> customExplore;

    /** The explored config and, by parameter path, what was done ("resample", "* 1.2", "shift left", ...). */
    record Exploration(Config config, Map<String, String> operations) {
    }

    PbtExplorer(Map<String, PbtMutation> mutations, double resampleProbability, List<Double> perturbationFactors, UnaryOperator<Config> customExplore) {
        this.mutations = new LinkedHashMap<>(mutations);
        this.resampleProbability = resampleProbability;
        this.perturbationFactors = List.copyOf(perturbationFactors);
        this.customExplore = customExplore;
    }

    Map<String, PbtMutation> mutations() {
        return mutations;
    }

    @Override
    public Set<String> paths() {
        return mutations.keySet();
    }

    @Override
    public Exploration explore(TrialView trial, TrialView clone, SeededRandom random) {
        return explore(clone.config(), random);
    }

    Exploration explore(Config config, SeededRandom random) {
        Map<String, Object> flat = config.flatten();
        Map<String, String> operations = new LinkedHashMap<>();
        mutations.forEach((path, mutation) -> {
            if (!flat.containsKey(path)) {
                throw new TuneException("PopulationBasedTraining: the config has no parameter '" + path + "' to mutate; it has " + flat.keySet());
            }
            Object old = flat.get(path);
            boolean resample = random.nextDouble() < resampleProbability;
            Object value;
            if (mutation instanceof PbtMutation.Choices c) {
                int index = indexOf(c.values(), old);
                if (resample || index < 0) {
                    value = random.choice(c.values());
                    operations.put(path, "resample");
                } else {
                    int shift = random.nextBoolean() ? 1 : -1;
                    int moved = Math.min(Math.max(index + shift, 0), c.values().size() - 1);
                    value = c.values().get(moved);
                    operations.put(path, "shift " + (shift < 0 ? "left" : "right") + (moved == index ? " (noop)" : ""));
                }
            } else {
                if (resample) {
                    value = mutation instanceof PbtMutation.Sampled s
                            ? s.domain().sample(random, config)
                            : ((PbtMutation.Generated) mutation).generator().apply(random);
                    operations.put(path, "resample");
                } else {
                    double factor = random.choice(perturbationFactors);
                    value = multiply(path, old, factor);
                    operations.put(path, "* " + factor);
                }
                value = keepInteger(old, value);
            }
            flat.put(path, value);
        });
        Config explored = Config.unflatten(flat);
        if (customExplore != null) {
            explored = Objects.requireNonNull(customExplore.apply(explored),
                    "PopulationBasedTraining: the custom explore function returned null; return the (changed) config");
        }
        return new Exploration(explored, operations);
    }

    private static Object multiply(String path, Object old, double factor) {
        if (!(old instanceof Number n)) {
            throw new TuneException("PopulationBasedTraining: cannot perturb parameter '" + path + "' = " + old
                    + " by a factor, it is not a number; mutate it with a list of choices instead");
        }
        return n.doubleValue() * factor;
    }

    /** Ray keeps a parameter that was an int an int: Python's {@code int()}, truncating toward zero. */
    private static Object keepInteger(Object old, Object value) {
        if (value instanceof Number n) {
            if (old instanceof Integer) {
                return (int) n.doubleValue();
            }
            if (old instanceof Long) {
                return (long) n.doubleValue();
            }
        }
        return value;
    }

    private static int indexOf(List<Object> values, Object value) {
        for (int i = 0; i < values.size(); i++) {
            if (sameValue(values.get(i), value)) {
                return i;
            }
        }
        return -1;
    }

    /** Equal as numbers (32 == 32L == 32.0) or equal otherwise. */
    private static boolean sameValue(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) {
            return x.doubleValue() == y.doubleValue();
        }
        return Objects.equals(a, b);
    }
}
