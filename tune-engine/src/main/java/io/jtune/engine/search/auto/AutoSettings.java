package io.jtune.engine.search.auto;

import io.jtune.engine.search.model.Knobs;
import java.util.OptionalLong;

/**
 * The knobs of {@link AutoSearch}.
 *
 * @param gpDimensions spaces of at most this many parameters are searched by GP-BO, larger ones by CMA-ES (numeric) or TPE
 * @param switchAfter  finished trials after which GP-BO hands a numeric search over to CMA-ES started at the best trial; 0 (the default) never
 * @param seed         a seed of the searcher's own; empty derives one from the experiment's seed
 */
public record AutoSettings(int gpDimensions, int switchAfter, OptionalLong seed) {

    public AutoSettings {
        Knobs.require("AutoSearch", gpDimensions >= 0, "gpDimensions must be >= 0, got " + gpDimensions);
        Knobs.require("AutoSearch", switchAfter >= 0, "switchAfter must be >= 0 (0: never), got " + switchAfter);
    }

    public static AutoSettings defaults() {
        return new AutoSettings(10, 0, OptionalLong.empty());
    }

    public AutoSettings withGpDimensions(int v) {
        return new AutoSettings(v, switchAfter, seed);
    }

    public AutoSettings withSwitchAfter(int v) {
        return new AutoSettings(gpDimensions, v, seed);
    }

    public AutoSettings withSeed(long v) {
        return new AutoSettings(gpDimensions, switchAfter, OptionalLong.of(v));
    }
}
