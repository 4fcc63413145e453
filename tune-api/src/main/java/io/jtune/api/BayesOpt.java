package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Searches with Gaussian-process Bayesian optimisation (as Ray Tune's {@code BayesOptSearch}): a
 * Matérn-5/2 GP with fitted hyperparameters; by default suggestions take turns between expected
 * improvement on the losses, expected improvement on compressed losses, UCB and a coordinate search
 * through the best trial. Integers are
 * rounded and choices one-hot inside the model. Needs the experiment's metric and mode.
 */
@SearcherAnnotation(factory = "io.jtune.engine.search.gp.BayesOptFactory", needsMetric = true)
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface BayesOpt {
    /**
     * {@code "portfolio"} (suggestions take turns between EI on the losses, EI on compressed losses,
     * UCB on the losses and, with {@link #axisMoves()}, in two of five turns, EI on compressed losses over
     * the best trial with one coordinate redrawn), {@code "ei"} (expected improvement) or {@code "ucb"}
     * (upper confidence bound).
     */
    String acquisition() default "portfolio";

    /** EI's margin of improvement, in standard deviations of the metric. */
    double xi() default 0.0;

    /** UCB's weight of the standard deviation. */
    double kappa() default 2.576;

    /**
     * Random trials before the GP is used (Ray's {@code random_search_steps}, whose default is 10; 20
     * found multi-modal optima far more often at 100 trials: docs/benchmarks.md, "Model-based search against Optuna").
     */
    int nInitialPoints() default 20;

    /** The most trials the GP is fitted to (the best half and a random share of the rest beyond it). */
    int maxObservations() default 200;

    /** Suggestions between two hyperparameter fits once 20 trials are done. */
    int refitEvery() default 5;

    /** Random candidates scored per suggestion before local refinement. */
    int candidates() default 1000;

    /**
     * With {@code "ei"} or {@code "ucb"} only (the portfolio refuses it: one of its members already
     * uses it), fit the GP to {@code log(1 + (loss - best) / (median - best))} instead of the losses: large
     * losses far from the best no longer flatten the differences near it, so the search polishes
     * sooner and deeper (Levy, Rosenbrock); it also settles sooner in the basin it is in, which costs
     * on Ackley-like landscapes (docs/benchmarks.md, "Model-based search against Optuna").
     */
    boolean compressedLosses() default false;

    /** A quarter of the candidates redraw a few coordinates of one of the best trials across their whole range. */
    boolean axisMoves() default true;

    /**
     * With {@code "ei"} or {@code "ucb"} only (the portfolio refuses it: one of its members already is
     * one), every candidate redraws one coordinate of the best trial across its range: a search along
     * the axes through the best point.
     */
    boolean coordinateSearch() default false;

    /** Configs to try first, each a JSON object of parameter values (missing ones are drawn). */
    String[] pointsToEvaluate() default {};

    /** The searcher's own seed; negative derives it from the experiment's seed. */
    long seed() default -1;
}
