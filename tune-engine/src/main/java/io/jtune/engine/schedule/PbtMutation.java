package io.jtune.engine.schedule;

import io.jtune.api.space.CategoricalDomain;
import io.jtune.api.space.Domain;
import io.jtune.api.space.FloatDomain;
import io.jtune.api.space.FunctionDomain;
import io.jtune.api.space.GridDomain;
import io.jtune.api.space.IntDomain;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * How {@link PopulationBasedTraining} explores one hyperparameter (an entry of Ray Tune's
 * {@code hyperparam_mutations}).
 *
 * <ul>
 *   <li>{@link Choices}: a list of allowed values. Resampling draws one; perturbing moves to the
 *       neighbour on the left or right (clamped at the ends). A value not in the list is always resampled.</li>
 *   <li>{@link Sampled}: a search-space domain. Resampling draws from it; perturbing multiplies the
 *       value by one of the perturbation factors. As in Ray Tune a {@code choice} domain is treated
 *       this way too (use {@link Choices} for neighbour moves).</li>
 *   <li>{@link Generated}: a function of the scheduler's seeded generator. Resampling calls it;
 *       perturbing multiplies as for {@link Sampled}.</li>
 * </ul>
 * A value that was an integer stays an integer after either operation (truncated, as Python's {@code int}).
 */
public sealed interface PbtMutation permits PbtMutation.Choices, PbtMutation.Sampled, PbtMutation.Generated {

    /** A list of allowed values, in order. */
    record Choices(List<Object> values) implements PbtMutation {
        public Choices {
            values = List.copyOf(values);
            if (values.isEmpty()) {
                throw new IllegalArgumentException("PopulationBasedTraining: a list of choices to mutate among needs at least one value");
            }
        }
    }

    /** A search-space domain (uniform, loguniform, randint, choice, ...). */
    record Sampled(Domain domain) implements PbtMutation {
        public Sampled {
            Objects.requireNonNull(domain, "domain");
            if (domain instanceof FunctionDomain || domain instanceof GridDomain) {
                throw new IllegalArgumentException("PopulationBasedTraining: a " + domain.getClass().getSimpleName()
                        + " cannot be mutated (Ray Tune rejects sample_from and grid_search too); use a list of choices, a domain such as uniform, or a generator function");
            }
        }
    }

    /** A function drawing a fresh value from the scheduler's seeded generator. */
    record Generated(Function<RandomGenerator, ?> generator) implements PbtMutation {
        public Generated {
            Objects.requireNonNull(generator, "generator");
        }
    }

    static PbtMutation choices(Object... values) {
        return new Choices(Arrays.asList(values));
    }

    static PbtMutation choices(List<?> values) {
        return new Choices(List.copyOf(values));
    }

    static PbtMutation domain(Domain domain) {
        return new Sampled(domain);
    }

    static PbtMutation generator(Function<RandomGenerator, ?> generator) {
        return new Generated(generator);
    }

    /**
     * The mutation the compact annotation form means for a {@code @Param} domain: numbers are
     * resampled from or perturbed within their domain, choices and grids move among their values.
     */
    static PbtMutation forParameter(String name, Domain domain) {
        if (domain instanceof FloatDomain || domain instanceof IntDomain) {
            return new Sampled(domain);
        }
        if (domain instanceof CategoricalDomain c) {
            return new Choices(c.categories());
        }
        if (domain instanceof GridDomain g) {
            return new Choices(g.values());
        }
        throw new IllegalArgumentException("PopulationBasedTraining: parameter '" + name + "' is computed from other parameters (sample_from), so it cannot be mutated; remove it from the mutations");
    }
}
