package io.jtune.engine.search.gp;

import io.jtune.engine.search.model.Normal;

/** How the GP's prediction scores a candidate (larger is better); losses are minimised. */
public enum Acquisition {
    /** Expected improvement over the best loss: {@code (best - mu - xi) Phi(u) + sd phi(u)}, {@code u = (best - mu - xi)/sd}. */
    EI,
    /** Upper confidence bound on the negated loss: {@code kappa sd - mu}. */
    UCB,
    /**
     * Suggestions take turns between four members: EI on the losses, EI on the compressed losses,
     * UCB on the losses and a coordinate search scored by EI on the compressed losses, which takes two
     * of five turns (only with axis moves on; see {@link BayesOptSearch}); it scores nothing itself.
     */
    PORTFOLIO;

    /**
     * The score of a prediction {@code (mean, sd)} given the best loss so far.
     *
     * @throws IllegalStateException for {@link #PORTFOLIO}, whose members score
     */
    public double score(double mean, double sd, double best, double xi, double kappa) {
        if (this == PORTFOLIO) {
            throw new IllegalStateException("PORTFOLIO has no score of its own: each suggestion is scored by one of its members, EI or UCB");
        }
        if (this == UCB) {
            return kappa * sd - mean;
        }
        double gain = best - mean - xi;
        if (sd <= 0) {
            return Math.max(0, gain);
        }
        double u = gain / sd;
        return gain * Normal.cdf(u) + sd * Normal.pdf(u);
    }
}
