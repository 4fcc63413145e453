package io.jtune.engine.search.gp;

import io.jtune.engine.search.model.Dimension;
import io.jtune.engine.search.model.Observation;
import io.jtune.engine.search.model.SpaceEncoding;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The points {@link BayesOptSearch} scores with its acquisition before refining the best ones, in
 * the encoding's unit box. Of every four, two are uniform and two are local perturbations of one of
 * the best trials: every coordinate moved at a width drawn log-uniformly between 1/4 and 4 times
 * {@value #LOCAL_SPREAD} of the range (polishing, and hops to nearby basins). With axis moves on,
 * one of those two is an axis move instead: a few coordinates of one of the best trials redrawn
 * uniformly across their whole range (each with probability 1/d, at least one) and the others kept,
 * so the model can show a better basin along an axis, which moves of every coordinate at once
 * rarely reach once the other coordinates are good. A coordinate search draws every candidate from
 * the best trial with one of its coordinates redrawn.
 */
final class AcquisitionCandidates {
    /** The best trials the local and axis candidates start from. */
    static final int TOP_STARTS = 5;
    static final double LOCAL_SPREAD = 0.05;
    /** A local perturbation's width is LOCAL_SPREAD times a log-uniform factor in [1/SPREAD_RANGE, SPREAD_RANGE]. */
    private static final double SPREAD_RANGE = 4;

    private AcquisitionCandidates() {
    }

    /**
     * The {@code i}-th candidate; {@code top} holds the finished trials best first (uniform only
     * while it is empty). Without {@code axisMoves} every other candidate is a local perturbation.
     */
    static double[] draw(int i, SpaceEncoding encoding, List<Observation> top, boolean axisMoves, RandomGenerator rng) {
        if (i % 2 == 0 || top.isEmpty()) {
            return uniform(encoding, rng);
        }
        double[] start = top.get(rng.nextInt(Math.min(TOP_STARTS, top.size()))).x();
        return axisMoves && i % 4 == 1 ? axisMove(encoding, start, rng) : perturbed(encoding, start, rng);
    }

    /**
     * A coordinate search's candidate: the best trial ({@code top} holds the finished trials best first)
     * with one coordinate, chosen at random, redrawn across its range.
     */
    static double[] coordinateMove(SpaceEncoding encoding, List<Observation> top, RandomGenerator rng) {
        double[] x = top.get(0).x().clone();
        int j = rng.nextInt(x.length);
        x[j] = redrawn(encoding.dimension(j), rng);
        return x;
    }

    static double[] uniform(SpaceEncoding encoding, RandomGenerator rng) {
        double[] x = new double[encoding.size()];
        for (int j = 0; j < x.length; j++) {
            x[j] = redrawn(encoding.dimension(j), rng);
        }
        return x;
    }

    /** {@code centre} with each coordinate redrawn across its range with probability 1/d, and at least one redrawn. */
    static double[] axisMove(SpaceEncoding encoding, double[] centre, RandomGenerator rng) {
        double[] x = centre.clone();
        int forced = rng.nextInt(x.length);
        for (int j = 0; j < x.length; j++) {
            if (j == forced || rng.nextInt(x.length) == 0) {
                x[j] = redrawn(encoding.dimension(j), rng);
            }
        }
        return x;
    }

    static double[] perturbed(SpaceEncoding encoding, double[] centre, RandomGenerator rng) {
        double[] x = centre.clone();
        for (int j = 0; j < x.length; j++) {
            Dimension d = encoding.dimension(j);
            if (d.isCategorical()) {
                x[j] = rng.nextDouble() < LOCAL_SPREAD ? rng.nextInt(d.size()) : x[j];
            } else {
                double spread = LOCAL_SPREAD * Math.pow(SPREAD_RANGE, 2 * rng.nextDouble() - 1);
                x[j] = Math.max(0, Math.min(1, x[j] + spread * rng.nextGaussian()));
            }
        }
        return x;
    }

    private static double redrawn(Dimension d, RandomGenerator rng) {
        return d.isCategorical() ? rng.nextInt(d.size()) : rng.nextDouble();
    }
}
