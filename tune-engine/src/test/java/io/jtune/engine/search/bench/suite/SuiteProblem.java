package io.jtune.engine.search.bench.suite;

import io.jtune.api.space.Condition;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.space.Space;
import io.jtune.engine.search.bench.Problem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.ToDoubleFunction;

/**
 * One problem of the suite: a family ({@code bbob}, {@code mixed}, {@code log}, {@code conditional}),
 * its parameters (which both jtune's space and Optuna's define-by-run suggestions are built from), a
 * function of one instance (the run's seed picks the instance, as COCO's instances do) and that
 * instance's minimum.
 */
public record SuiteProblem(String name, String family, int dimension, List<Param> params, IntFunction<Instance> instance) {

    /** One instance: the function of a flat config (parameter name to value) and its minimum. */
    public record Instance(ToDoubleFunction<Map<String, Object>> function, double optimum) {
    }

    /** A float ({@code low}, {@code high}, {@code log}), an integer (bounds inclusive) or a categorical, maybe active only when a parent takes one of some values. */
    public record Param(String name, String type, double low, double high, boolean log, List<String> choices, String parent, List<String> parentValues) {
        static Param uniform(String name, double low, double high) {
            return new Param(name, "float", low, high, false, List.of(), null, List.of());
        }

        static Param logUniform(String name, double low, double high) {
            return new Param(name, "float", low, high, true, List.of(), null, List.of());
        }

        static Param integer(String name, int low, int high) {
            return new Param(name, "int", low, high, false, List.of(), null, List.of());
        }

        static Param choice(String name, List<String> choices) {
            return new Param(name, "cat", 0, 0, false, choices, null, List.of());
        }

        Param when(String parentName, List<String> values) {
            return new Param(name, type, low, high, log, choices, parentName, values);
        }

        /** As Optuna's side reads it. */
        public Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", name);
            m.put("type", type);
            if (type.equals("cat")) {
                m.put("choices", choices);
            } else {
                m.put("low", type.equals("int") ? (Object) (int) low : (Object) low);
                m.put("high", type.equals("int") ? (Object) (int) high : (Object) high);
                m.put("log", log);
            }
            if (parent != null) {
                m.put("when", Map.of("parent", parent, "values", parentValues));
            }
            return m;
        }
    }

    /** jtune's search space of the parameters. */
    public SearchSpace space() {
        SearchSpace.Builder b = SearchSpace.builder();
        for (Param p : params) {
            Object domain = switch (p.type()) {
                case "float" -> p.log() ? Space.loguniform(p.low(), p.high()) : Space.uniform(p.low(), p.high());
                case "int" -> Space.randint((int) p.low(), (int) p.high() + 1);
                default -> Space.choice(p.choices());
            };
            if (p.parent() == null) {
                b.add(p.name(), domain);
            } else {
                b.add(p.name(), domain, Condition.of(p.parent(), p.parentValues().toArray()));
            }
        }
        return b.build();
    }

    /** The instance for a run's seed (seed s is instance s + 1) as a {@link Problem} of jtune's benchmarks. */
    public Problem problem(long seed) {
        Instance i = instance.apply((int) seed + 1);
        return new Problem(name, space(), c -> i.function().applyAsDouble(c.flatten()), i.optimum());
    }

    /** The parameters as Optuna's side reads them. */
    public List<Map<String, Object>> paramsJson() {
        List<Map<String, Object>> out = new ArrayList<>();
        params.forEach(p -> out.add(p.toJson()));
        return out;
    }
}
