package io.jtune.engine.search.cmaes;

import io.jtune.engine.search.model.Knobs;
import java.util.OptionalLong;

/**
 * The knobs of {@link CmaEsSearch}.
 *
 * @param sigma0         initial step size as a fraction of each parameter's range (1/6, as Optuna's {@code CmaEsSampler})
 * @param populationSize candidates per generation; 0 for Hansen's default {@code 4 + floor(3 ln n)}
 * @param restarts       IPOP restarts when the distribution collapses, each from a random mean with twice the population (0)
 * @param seed           a seed of the searcher's own; empty derives one from the experiment's seed
 */
public record CmaEsSettings(double sigma0, int populationSize, int restarts, OptionalLong seed) {

    public CmaEsSettings {
        Knobs.require("CMA-ES", sigma0 > 0 && sigma0 <= 1, "sigma0 must be in (0, 1] (a fraction of each parameter's range), got " + sigma0);
        Knobs.require("CMA-ES", populationSize == 0 || populationSize >= 2, "populationSize must be 0 (default) or >= 2, got " + populationSize);
        Knobs.require("CMA-ES", restarts >= 0, "restarts must be >= 0, got " + restarts);
    }

    public static CmaEsSettings defaults() {
        return new CmaEsSettings(1.0 / 6, 0, 0, OptionalLong.empty());
    }

    public CmaEsSettings withSigma0(double v) {
        return new CmaEsSettings(v, populationSize, restarts, seed);
    }

    public CmaEsSettings withPopulationSize(int v) {
        return new CmaEsSettings(sigma0, v, restarts, seed);
    }

    public CmaEsSettings withRestarts(int v) {
        return new CmaEsSettings(sigma0, populationSize, v, seed);
    }

    public CmaEsSettings withSeed(long v) {
        return new CmaEsSettings(sigma0, populationSize, restarts, OptionalLong.of(v));
    }
}
