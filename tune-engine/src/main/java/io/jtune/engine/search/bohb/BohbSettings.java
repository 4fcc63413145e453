package io.jtune.engine.search.bohb;

import io.jtune.api.Result;
import io.jtune.engine.search.model.Knobs;
import java.util.OptionalLong;

/**
 * The knobs of {@link BohbSearch}, with HpBandSter's BOHB defaults (the library behind Ray Tune's
 * {@code TuneBOHB}) except {@code minBandwidth}: HpBandSter's 1e-3 lets the good density collapse
 * onto one point after a few trials on low-dimensional spaces (Branin, 100 trials, 10 seeds:
 * median best 0.77, no better than random search; with 0.1: 0.44).
 *
 * @param minPointsInModel  trials at a budget before it can be modelled; 0 for the number of parameters + 1
 * @param topNPercent       percentage of a budget's trials that form the good density (15)
 * @param numSamples        candidates drawn from the good density per suggestion (64)
 * @param randomFraction    share of suggestions drawn at random regardless of the model (1/3)
 * @param bandwidthFactor   widening of the good density's bandwidths when drawing candidates (3)
 * @param minBandwidth      smallest bandwidth as a fraction of each range, keeping the densities from collapsing (0.1)
 * @param budgetAttribute   the result field that measures a trial's budget ({@code training_iteration})
 * @param seed              a seed of the searcher's own; empty derives one from the experiment's seed
 */
public record BohbSettings(int minPointsInModel, int topNPercent, int numSamples, double randomFraction, double bandwidthFactor,
                           double minBandwidth, String budgetAttribute, OptionalLong seed) {

    public BohbSettings {
        Knobs.require("BOHB", minPointsInModel >= 0, "minPointsInModel must be >= 0 (0: parameters + 1), got " + minPointsInModel);
        Knobs.require("BOHB", topNPercent >= 1 && topNPercent <= 99, "topNPercent must be in [1, 99], got " + topNPercent);
        Knobs.require("BOHB", numSamples >= 1, "numSamples must be >= 1, got " + numSamples);
        Knobs.require("BOHB", randomFraction >= 0 && randomFraction <= 1, "randomFraction must be in [0, 1], got " + randomFraction);
        Knobs.require("BOHB", bandwidthFactor > 0 && Double.isFinite(bandwidthFactor), "bandwidthFactor must be a finite value > 0, got " + bandwidthFactor);
        Knobs.require("BOHB", minBandwidth > 0 && minBandwidth < 1, "minBandwidth must be in (0, 1), got " + minBandwidth);
        Knobs.require("BOHB", budgetAttribute != null && !budgetAttribute.isBlank(), "budgetAttribute must name a result field, got '" + budgetAttribute + "'");
    }


    public static BohbSettings defaults() {
        return new BohbSettings(0, 15, 64, 1.0 / 3, 3, 0.1, Result.TRAINING_ITERATION, OptionalLong.empty());
    }

    public BohbSettings withMinPointsInModel(int v) {
        return new BohbSettings(v, topNPercent, numSamples, randomFraction, bandwidthFactor, minBandwidth, budgetAttribute, seed);
    }

    public BohbSettings withTopNPercent(int v) {
        return new BohbSettings(minPointsInModel, v, numSamples, randomFraction, bandwidthFactor, minBandwidth, budgetAttribute, seed);
    }

    public BohbSettings withNumSamples(int v) {
        return new BohbSettings(minPointsInModel, topNPercent, v, randomFraction, bandwidthFactor, minBandwidth, budgetAttribute, seed);
    }

    public BohbSettings withRandomFraction(double v) {
        return new BohbSettings(minPointsInModel, topNPercent, numSamples, v, bandwidthFactor, minBandwidth, budgetAttribute, seed);
    }

    public BohbSettings withBandwidth(double factor, double min) {
        return new BohbSettings(minPointsInModel, topNPercent, numSamples, randomFraction, factor, min, budgetAttribute, seed);
    }

    public BohbSettings withBudgetAttribute(String v) {
        return new BohbSettings(minPointsInModel, topNPercent, numSamples, randomFraction, bandwidthFactor, minBandwidth, v, seed);
    }

    public BohbSettings withSeed(long v) {
        return new BohbSettings(minPointsInModel, topNPercent, numSamples, randomFraction, bandwidthFactor, minBandwidth, budgetAttribute, OptionalLong.of(v));
    }
}
