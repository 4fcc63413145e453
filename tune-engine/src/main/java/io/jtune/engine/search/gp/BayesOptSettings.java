package io.jtune.engine.search.gp;

import io.jtune.engine.search.model.Knobs;
import java.util.OptionalLong;

/**
 * The knobs of {@link BayesOptSearch}.
 *
 * @param acquisition     the portfolio (default: suggestions take turns between EI on the losses, EI on the compressed
 *                        losses, UCB on the losses and, with axis moves on, a coordinate search scored by EI on the
 *                        compressed losses in two of five turns), expected improvement or upper confidence bound
 * @param xi              EI's margin of improvement, in standard deviations of the losses (0.0, as Ray's BayesOptSearch)
 * @param kappa           UCB's weight of the standard deviation (2.576, as Ray's BayesOptSearch)
 * @param nInitialPoints  random trials before the GP is used (20; Ray's {@code random_search_steps} is 10, but 20 found
 *                        Hartmann-6's global basin and an off-centre Ackley funnel far more often at 100 trials, docs/benchmarks.md)
 * @param maxObservations the most finished trials the GP is fitted to; beyond it the best half and a random share of the rest (200)
 * @param refitEvery      suggestions between two hyperparameter fits once 20 trials are done; every suggestion before (5)
 * @param candidates      random candidates scored per suggestion before local refinement (1000)
 * @param seed            a seed of the searcher's own; empty derives one from the experiment's seed
 * @param compressLosses  with EI or UCB alone, fit the GP to {@code log(1 + (loss - best) / (median - best))} instead
 *                        of the losses (off): losses far above the median no longer dwarf the differences near the best,
 *                        so the search polishes sooner and deeper; it also settles sooner in the basin it is in. The
 *                        portfolio chooses its views itself and refuses this option
 * @param axisMoves       a quarter of the candidates redraw a few coordinates of one of the best trials across their
 *                        whole range and keep the rest, taken from the local perturbations (on; see {@link AcquisitionCandidates})
 * @param coordinateSearch with EI or UCB alone, every candidate is the best trial with one coordinate redrawn across its
 *                        range (off): a search along the axes through the best point, polishing it and trying other
 *                        basins one coordinate at a time.
 *                        The portfolio's fourth member, which the portfolio refuses as an option
 */
public record BayesOptSettings(Acquisition acquisition, double xi, double kappa, int nInitialPoints, int maxObservations,
                               int refitEvery, int candidates, OptionalLong seed, boolean compressLosses, boolean axisMoves,
                               boolean coordinateSearch) {

    public BayesOptSettings {
        Knobs.require("BayesOpt", acquisition != null, "acquisition must be PORTFOLIO, EI or UCB, got null");
        Knobs.require("BayesOpt", !(compressLosses && acquisition == Acquisition.PORTFOLIO),
                "compressed losses apply to EI or UCB alone (the portfolio already fits one of its members to them): use "
                        + "withAcquisition(Acquisition.EI, xi, kappa).withCompressedLosses(true), or @BayesOpt(acquisition = \"ei\", compressedLosses = true)");
        Knobs.require("BayesOpt", !(coordinateSearch && acquisition == Acquisition.PORTFOLIO),
                "a coordinate search applies to EI or UCB alone (the portfolio already has it as a member): use "
                        + "withAcquisition(Acquisition.EI, xi, kappa).withCoordinateSearch(true)");
        Knobs.require("BayesOpt", xi >= 0 && Double.isFinite(xi), "xi must be a finite value >= 0, got " + xi);
        Knobs.require("BayesOpt", kappa >= 0 && Double.isFinite(kappa), "kappa must be a finite value >= 0, got " + kappa);
        Knobs.require("BayesOpt", nInitialPoints >= 1, "nInitialPoints must be >= 1, got " + nInitialPoints);
        Knobs.require("BayesOpt", maxObservations >= 10, "maxObservations must be >= 10, got " + maxObservations);
        Knobs.require("BayesOpt", refitEvery >= 1, "refitEvery must be >= 1, got " + refitEvery);
        Knobs.require("BayesOpt", candidates >= 1, "candidates must be >= 1, got " + candidates);
    }


    /** The portfolio with axis moves, xi 0, kappa 2.576, 20 random trials, 200 observations, a refit every 5, 1000 candidates. */
    public static BayesOptSettings defaults() {
        return new BayesOptSettings(Acquisition.PORTFOLIO, 0.0, 2.576, 20, 200, 5, 1000, OptionalLong.empty(), false, true, false);
    }

    public BayesOptSettings withAcquisition(Acquisition v, double xiValue, double kappaValue) {
        return new BayesOptSettings(v, xiValue, kappaValue, nInitialPoints, maxObservations, refitEvery, candidates, seed, compressLosses, axisMoves, coordinateSearch);
    }

    public BayesOptSettings withNInitialPoints(int v) {
        return new BayesOptSettings(acquisition, xi, kappa, v, maxObservations, refitEvery, candidates, seed, compressLosses, axisMoves, coordinateSearch);
    }

    public BayesOptSettings withMaxObservations(int v) {
        return new BayesOptSettings(acquisition, xi, kappa, nInitialPoints, v, refitEvery, candidates, seed, compressLosses, axisMoves, coordinateSearch);
    }

    public BayesOptSettings withRefitEvery(int v) {
        return new BayesOptSettings(acquisition, xi, kappa, nInitialPoints, maxObservations, v, candidates, seed, compressLosses, axisMoves, coordinateSearch);
    }

    public BayesOptSettings withCandidates(int v) {
        return new BayesOptSettings(acquisition, xi, kappa, nInitialPoints, maxObservations, refitEvery, v, seed, compressLosses, axisMoves, coordinateSearch);
    }

    public BayesOptSettings withSeed(long v) {
        return new BayesOptSettings(acquisition, xi, kappa, nInitialPoints, maxObservations, refitEvery, candidates, OptionalLong.of(v), compressLosses, axisMoves, coordinateSearch);
    }

    public BayesOptSettings withCompressedLosses(boolean v) {
        return new BayesOptSettings(acquisition, xi, kappa, nInitialPoints, maxObservations, refitEvery, candidates, seed, v, axisMoves, coordinateSearch);
    }

    public BayesOptSettings withCoordinateSearch(boolean v) {
        return new BayesOptSettings(acquisition, xi, kappa, nInitialPoints, maxObservations, refitEvery, candidates, seed, compressLosses, axisMoves, v);
    }

    public BayesOptSettings withAxisMoves(boolean v) {
        return new BayesOptSettings(acquisition, xi, kappa, nInitialPoints, maxObservations, refitEvery, candidates, seed, compressLosses, v, coordinateSearch);
    }
}
