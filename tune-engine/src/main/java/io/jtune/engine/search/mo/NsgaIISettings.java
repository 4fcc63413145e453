package io.jtune.engine.search.mo;

import io.jtune.engine.search.model.Knobs;
import java.util.OptionalLong;

/**
 * The knobs of {@link NsgaIISearch}, with Optuna's {@code NSGAIISampler} defaults.
 *
 * @param populationSize trials per generation (50)
 * @param mutationProb   probability that a child's parameter is drawn afresh; NaN means {@code 1 / number of parameters}
 * @param crossoverProb  probability that a child mixes two parents rather than copying one (0.9)
 * @param swappingProb   uniform crossover: probability a parameter comes from the second parent (0.5)
 * @param seed           a seed of the searcher's own; empty derives one from the experiment's seed
 */
public record NsgaIISettings(int populationSize, double mutationProb, double crossoverProb, double swappingProb, OptionalLong seed) {

    public NsgaIISettings {
        Knobs.require("NSGA-II", populationSize >= 2, "populationSize must be >= 2, got " + populationSize);
        Knobs.require("NSGA-II", Double.isNaN(mutationProb) || mutationProb >= 0 && mutationProb <= 1, "mutationProb must be in [0, 1] (or NaN for 1/params), got " + mutationProb);
        Knobs.require("NSGA-II", crossoverProb >= 0 && crossoverProb <= 1, "crossoverProb must be in [0, 1], got " + crossoverProb);
        Knobs.require("NSGA-II", swappingProb >= 0 && swappingProb <= 1, "swappingProb must be in [0, 1], got " + swappingProb);
    }

    public static NsgaIISettings defaults() {
        return new NsgaIISettings(50, Double.NaN, 0.9, 0.5, OptionalLong.empty());
    }

    public NsgaIISettings withPopulationSize(int v) {
        return new NsgaIISettings(v, mutationProb, crossoverProb, swappingProb, seed);
    }

    public NsgaIISettings withSeed(long v) {
        return new NsgaIISettings(populationSize, mutationProb, crossoverProb, swappingProb, OptionalLong.of(v));
    }
}
