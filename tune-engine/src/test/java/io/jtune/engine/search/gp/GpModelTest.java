package io.jtune.engine.search.gp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The GP's pieces against values worked out by hand. */
class GpModelTest {

    @Test
    void matern52Correlation() {
        assertEquals(1.0, Matern52.correlation(0), 0);
        double s5 = Math.sqrt(5);
        assertEquals((1 + s5 + 5.0 / 3) * Math.exp(-s5), Matern52.correlation(1), Matern52.DECAY_ERROR * Matern52.correlation(1));
        assertEquals(0.8286491424181253, Matern52.correlation(0.5), 1e-12);
    }

    /** The kernel's decay is {@code exp(-sqrt5 r)} within its bound down to its floor, and stays at the floor beyond. */
    @Test
    void theDecayIsExpWithinItsBoundDownToItsFloor() {
        double s5 = Math.sqrt(5);
        double worst = 0;
        for (double r = 0; s5 * r <= -Matern52.DECAY_FLOOR; r += 1e-3) {
            double exact = Math.exp(-s5 * r);
            worst = Math.max(worst, Math.abs(Matern52.decay(r) - exact) / exact);
        }
        assertTrue(worst <= Matern52.DECAY_ERROR, "largest relative error " + worst);
        double floor = Math.exp(Matern52.DECAY_FLOOR);
        assertEquals(floor, Matern52.decay(100), floor * Matern52.DECAY_ERROR);
        assertEquals(floor, Matern52.decay(1e6), floor * Matern52.DECAY_ERROR);
        assertEquals(1.0, Matern52.decay(0), 0);
    }

    @Test
    void matern52CovarianceScalesEachFeatureByItsLengthScale() {
        // r = sqrt((0.3/0.5)^2 + (0.4/2)^2) = sqrt(0.36 + 0.04) = sqrt(0.4)
        double expected = 2.5 * Matern52.correlation(Math.sqrt(0.4));
        assertEquals(expected, Matern52.covariance(new double[]{0.1, 0.9}, new double[]{0.4, 0.5}, new double[]{0.5, 2}, 2.5), 1e-15);
    }

    @Test
    void covarianceRowsAreTheKernelsBitForBitAndTheFitsLikelihoodIsTheGps() {
        SplittableRandom rng = new SplittableRandom(31);
        double[][] x = randomPoints(rng, 40);
        double[] y = values(x, p -> p[0] - Math.sin(5 * p[1]));
        GpHyperparameters h = new GpHyperparameters(new double[]{0.15, 0.9, 3}, 1.7, 1e-3);
        double[] row = new double[x.length];
        for (int c = 0; c < 50; c++) {
            double[] z = randomPoints(rng, 1)[0];
            h.rowsAgainst(x).covariances(z, x.length, row);
            for (int i = 0; i < x.length; i++) {
                assertEquals(h.covariance(z, x[i]), row[i], 0, "covariance with point " + i);
            }
        }
        // the fit evaluates the hyperparameters' log form, so compare both at the values that form gives back
        GpHyperparameters same = GpHyperparameters.fromLog(h.toLog());
        double likelihood = new GaussianProcess(x, y, same).logMarginalLikelihood();
        assertEquals(-likelihood, HyperparameterFit.negativeLogLikelihood(x, y, same.toLog(), new double[5]), 1e-12 * Math.abs(likelihood));
    }

    /**
     * The fit's gradient is the GP's likelihood's: central differences agree at points with long and
     * short length scales and much or little noise, with three features (fewer than the fit sums in one
     * pass) and with six (one whole pass and part of another).
     */
    @Test
    void theLikelihoodsGradientIsItsDerivative() {
        SplittableRandom rng = new SplittableRandom(17);
        double[][] x = randomPoints(rng, 30);
        double[] y = values(x, p -> Math.sin(4 * p[0]) + 0.3 * p[1]);
        assertGradientIsDerivative(x, y, new GpHyperparameters(new double[]{0.2, 0.7, 3}, 1.3, 1e-3).toLog());
        assertGradientIsDerivative(x, y, new GpHyperparameters(new double[]{0.05, 2, 0.4}, 0.4, 0.2).toLog());
        double[][] six = new double[30][];
        for (int i = 0; i < six.length; i++) {
            six[i] = new double[]{x[i][0], x[i][1], x[i][2], rng.nextDouble(), rng.nextDouble(), rng.nextDouble()};
        }
        double[] ySix = values(six, p -> Math.sin(4 * p[0]) + 0.3 * p[1] + p[4] * p[5]);
        assertGradientIsDerivative(six, ySix, new GpHyperparameters(new double[]{0.2, 0.7, 3, 0.5, 0.3, 0.9}, 1.3, 1e-3).toLog());
        assertGradientIsDerivative(six, ySix, new GpHyperparameters(new double[]{0.6, 2, 0.4, 0.1, 1.5, 0.25}, 0.4, 0.2).toLog());
    }

    private static void assertGradientIsDerivative(double[][] x, double[] y, double[] t) {
        double[] gradient = new double[t.length];
        HyperparameterFit.negativeLogLikelihood(x, y, t, gradient);
        for (int i = 0; i < t.length; i++) {
            double h = 1e-5;
            double[] up = t.clone();
            double[] down = t.clone();
            up[i] += h;
            down[i] -= h;
            double numeric = (likelihood(x, y, down) - likelihood(x, y, up)) / (2 * h);
            assertEquals(numeric, gradient[i], 1e-5 * Math.max(1, Math.abs(numeric)), "d/d log-hyperparameter " + i + " of " + t.length);
        }
    }

    private static double likelihood(double[][] x, double[] y, double[] logHyper) {
        return new GaussianProcess(x, y, GpHyperparameters.fromLog(logHyper)).logMarginalLikelihood();
    }

    @Test
    void expectedImprovementFormula() {
        // mean 0, sd 1, best 0: EI = phi(0) = 1/sqrt(2 pi)
        assertEquals(0.3989422804014327, Acquisition.EI.score(0, 1, 0, 0, 0), 1e-7);
        // mean 1, sd 2, best 0.5: gain -0.5, u = -0.25, EI = -0.5 Phi(-0.25) + 2 phi(-0.25)
        double phi = Math.exp(-0.5 * 0.0625) / Math.sqrt(2 * Math.PI);
        assertEquals(-0.5 * 0.4012936743170763 + 2 * phi, Acquisition.EI.score(1, 2, 0.5, 0, 0), 1e-7);
        // xi shifts the target: best 0.5, xi 0.5 is the same as best 0 with xi 0
        assertEquals(Acquisition.EI.score(0.2, 0.3, 0, 0, 0), Acquisition.EI.score(0.2, 0.3, 0.5, 0.5, 0), 1e-15);
        assertEquals(0.5, Acquisition.EI.score(0, 0, 0.5, 0, 0), 0);
    }

    @Test
    void upperConfidenceBound() {
        assertEquals(2.576 * 0.5 - 1.2, Acquisition.UCB.score(1.2, 0.5, 0, 0, 2.576), 1e-15);
    }

    @Test
    void logMarginalLikelihoodOfTwoPoints() {
        GpHyperparameters h = new GpHyperparameters(new double[]{0.5}, 1.5, 0.1);
        double[][] x = {{0.2}, {0.6}};
        double[] y = {1.0, -0.5};
        double k = 1.5 * Matern52.correlation(0.4 / 0.5);
        double a = 1.5 + 0.1 + 1e-8 * 1.5;
        double det = a * a - k * k;
        // y^T K^-1 y with K^-1 = [[a, -k], [-k, a]] / det
        double fit = (a * 1.0 - 2 * k * 1.0 * -0.5 + a * 0.25) / det;
        double expected = -0.5 * fit - 0.5 * Math.log(det) - Math.log(2 * Math.PI);
        assertEquals(expected, new GaussianProcess(x, y, h).logMarginalLikelihood(), 1e-9);
    }

    @Test
    void posteriorInterpolatesNoiselessDataAndIsUncertainFarAway() {
        GpHyperparameters h = new GpHyperparameters(new double[]{0.2}, 1.0, 1e-6);
        GaussianProcess gp = new GaussianProcess(new double[][]{{0.1}, {0.5}, {0.9}}, new double[]{1, -1, 0.5}, h);
        double[] out = new double[2];
        gp.predict(new double[]{0.5}, out);
        assertEquals(-1, out[0], 1e-4);
        assertTrue(out[1] < 0.01, "sd at a data point " + out[1]);
        gp.predict(new double[]{3.0}, out);
        assertEquals(0, out[0], 1e-6);
        assertEquals(1, out[1], 1e-6);
    }

    @Test
    void fittedHyperparametersExplainTheDataBetterThanTheStart() {
        SplittableRandom rng = new SplittableRandom(3);
        double[][] x = new double[25][];
        double[] y = new double[25];
        for (int i = 0; i < x.length; i++) {
            x[i] = new double[]{rng.nextDouble(), rng.nextDouble()};
            y[i] = Math.sin(6 * x[i][0]);
        }
        GpHyperparameters start = GpHyperparameters.initial(2);
        GpHyperparameters fitted = HyperparameterFit.fit(x, y, start, 1, 150, rng);
        assertTrue(new GaussianProcess(x, y, fitted).logMarginalLikelihood() > new GaussianProcess(x, y, start).logMarginalLikelihood() + 1);
        assertTrue(fitted.lengthScales()[1] > 2 * fitted.lengthScales()[0],
                "the feature the data does not depend on gets the longer length scale: " + java.util.Arrays.toString(fitted.lengthScales()));
    }

    /**
     * The gradient fit reaches at least the likelihood the derivative-free fit it replaced reaches
     * (BOBYQA, 150 evaluations a run) from the same starts, on data a GP-BO run fits.
     */
    @Test
    void theGradientFitExplainsTheDataAtLeastAsWellAsBobyqa() {
        for (long seed = 0; seed < 4; seed++) {
            SplittableRandom rng = new SplittableRandom(seed);
            double[][] x = new double[60][];
            double[] y = new double[60];
            for (int i = 0; i < x.length; i++) {
                x[i] = new double[]{rng.nextDouble(), rng.nextDouble(), rng.nextDouble(), rng.nextDouble()};
                y[i] = Math.sin(7 * x[i][0]) * x[i][1] + 0.2 * x[i][2] + 0.01 * rng.nextDouble();
            }
            GpHyperparameters start = GpHyperparameters.initial(4);
            double gradientFit = new GaussianProcess(x, y, HyperparameterFit.fit(x, y, start, 2, 150, new SplittableRandom(seed))).logMarginalLikelihood();
            double[] bobyqa = BoundedMaximiser.maximise(t -> likelihood(x, y, t), start.toLog(), GpHyperparameters.lowerLog(4), GpHyperparameters.upperLog(4),
                    2, 150, new SplittableRandom(seed));
            assertTrue(gradientFit >= likelihood(x, y, bobyqa) - 1e-3, "seed " + seed + ": " + gradientFit + " vs BOBYQA " + likelihood(x, y, bobyqa));
        }
    }

    @Test
    void cheapBoundsNeverUnderstateTheStandardDeviation() {
        SplittableRandom rng = new SplittableRandom(11);
        double[][] x = randomPoints(rng, 150);
        double[] y = values(x, p -> Math.sin(5 * p[0]) + p[1] * p[2]);
        GaussianProcess gp = new GaussianProcess(x, y, new GpHyperparameters(new double[]{0.3, 0.5, 0.8}, 1.2, 1e-4));
        int points = 300;
        double[][] k = new double[points][x.length];
        double[] out = new double[2];
        for (int c = 0; c < points; c++) {
            // half near a training point (where the single-point bound is tight), half anywhere
            double[] z = c % 2 == 0 ? randomPoints(rng, 1)[0]
                    : new double[]{x[c / 2][0] + 1e-3, x[c / 2][1], x[c / 2][2] - 1e-3};
            gp.mean(z, k[c]);
            gp.predict(z, out);
            assertEquals(out[1], gp.sd(k[c]), 0, "predict and sd agree");
            assertTrue(gp.sdUpperBound(k[c]) >= out[1], "single-point bound " + gp.sdUpperBound(k[c]) + " below sd " + out[1]);
            double sd = out[1];
            double[] lowestBound = {Double.POSITIVE_INFINITY};
            assertEquals(sd, gp.sdUnlessBelow(k[c], bound -> {
                lowestBound[0] = Math.min(lowestBound[0], bound);
                return true;
            }), 0);
            assertTrue(lowestBound[0] >= sd, "partial-solve bound " + lowestBound[0] + " below sd " + sd);
            assertTrue(Double.isNaN(gp.sdUnlessBelow(k[c], bound -> false)), "a rejected bound stops the solve");
        }
    }

    @Test
    void columnWiseSolvesGiveTheTextbookRowByRowSubstitutionBitForBit() {
        SplittableRandom rng = new SplittableRandom(17);
        // sizes below, at and across a bound check (every 16 rows), and one that is not a multiple of it
        for (int n : new int[]{1, 15, 16, 17, 150}) {
            double[][] x = new double[n][];
            double[] y = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = new double[]{rng.nextDouble(), rng.nextDouble()};
                y[i] = Math.cos(4 * x[i][0]) - x[i][1];
            }
            GpHyperparameters h = new GpHyperparameters(new double[]{0.2, 0.6}, 0.9, 1e-5);
            GaussianProcess gp = new GaussianProcess(x, y, h);
            double[][] lower = referenceCholesky(x, h, gp);
            double[] k = new double[n];
            for (int c = 0; c < 50; c++) {
                double[] z = c % 2 == 0 ? new double[]{rng.nextDouble(), rng.nextDouble()} : new double[]{x[c % n][0] + 1e-4, x[c % n][1]};
                gp.mean(z, k);
                assertEquals(textbookSd(lower, k, h.signalVariance()), gp.sd(k), 0, "sd of point " + c + " with " + n + " training points");
            }
        }
    }

    /** The fit's {@code K^-1}, four rows of {@code M} at a time, is the row-at-a-time one bit for bit, and inverts {@code K}. */
    @Test
    void theFitsInverseIsTheRowAtATimeOneBitForBit() {
        SplittableRandom rng = new SplittableRandom(41);
        // sizes below, at and across a block of four rows, and a fit's 100 points
        for (int n : new int[]{1, 2, 3, 4, 5, 7, 8, 9, 13, 100}) {
            double[][] x = randomPoints(rng, n);
            GpHyperparameters h = new GpHyperparameters(new double[]{0.3, 0.8, 0.5}, 1.1, 1e-4);
            double[][] k = new double[n][n];
            for (int i = 0; i < n; i++) {
                h.rowsAgainst(x).covariances(x[i], n, k[i]);
            }
            double[][] upper = GaussianProcess.factorWithJitter(k, h.signalVariance(), h.noiseVariance());
            double[][] inverse = HyperparameterFit.inverseFromFactor(upper);
            double[][] expected = rowAtATimeInverse(upper);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j <= i; j++) {
                    assertEquals(expected[i][j], inverse[i][j], 0, "entry " + i + "," + j + " of " + n);
                    double identity = 0;
                    for (int q = 0; q < n; q++) {
                        identity += k[i][q] * (q <= j ? inverse[j][q] : inverse[q][j]);
                    }
                    assertEquals(i == j ? 1 : 0, identity, 1e-6, "(K K^-1) " + i + "," + j + " of " + n);
                }
            }
        }
    }

    /** {@code M = (U^T)^-1} by forward substitution, then the lower triangle of {@code M^T M}; every sum in the order of {@code M}'s rows, of fused multiply-adds. */
    private static double[][] rowAtATimeInverse(double[][] u) {
        int n = u.length;
        double[][] m = new double[n][n];
        for (int i = 0; i < n; i++) {
            double d = 1 / u[i][i];
            for (int j = 0; j < i; j++) {
                double s = 0;
                for (int q = j; q < i; q++) {
                    s = Math.fma(u[q][i], m[q][j], s);
                }
                m[i][j] = s * -d;
            }
            m[i][i] = d;
        }
        double[][] inverse = new double[n][];
        for (int i = 0; i < n; i++) {
            inverse[i] = new double[i + 1];
            for (int j = 0; j <= i; j++) {
                double s = 0;
                for (int q = i; q < n; q++) {
                    s = Math.fma(m[q][i], m[q][j], s);
                }
                inverse[i][j] = s;
            }
        }
        return inverse;
    }

    @Test
    void aGpReusingThePreviousFactorIsTheSameBitForBit() {
        SplittableRandom rng = new SplittableRandom(29);
        double[][] all = randomPoints(rng, 90);
        double[] y = values(all, p -> Math.sin(4 * p[0]) + p[1] - p[2] * p[2]);
        GpHyperparameters h = new GpHyperparameters(new double[]{0.3, 0.7, 0.5}, 1.3, 1e-5);
        GaussianProcess previous = new GaussianProcess(java.util.Arrays.copyOf(all, 80), java.util.Arrays.copyOf(y, 80), h);
        // the same points plus a few new ones; the first 79 plus others (a pending point replaced); too many new points
        // to extend; nothing shared
        double[][][] nexts = {java.util.Arrays.copyOf(all, 84), java.util.Arrays.copyOf(all, 82), all, shifted(all)};
        nexts[1][79] = all[85];
        for (double[][] next : nexts) {
            double[] ny = values(next, p -> Math.cos(3 * p[0]) + p[2]);
            GaussianProcess fresh = new GaussianProcess(next, ny, h);
            GaussianProcess reused = GaussianProcess.reusing(previous, next, ny, h);
            assertEquals(fresh.logMarginalLikelihood(), reused.logMarginalLikelihood(), 0);
            double[] a = new double[2];
            double[] b = new double[2];
            for (int c = 0; c < 100; c++) {
                double[] z = randomPoints(rng, 1)[0];
                fresh.predict(z, a);
                reused.predict(z, b);
                assertEquals(a[0], b[0], 0, "mean at point " + c);
                assertEquals(a[1], b[1], 0, "sd at point " + c);
            }
        }
        GpHyperparameters other = new GpHyperparameters(new double[]{0.3, 0.7, 0.5}, 1.3, 1e-5);
        assertEquals(new GaussianProcess(all, y, other).logMarginalLikelihood(), GaussianProcess.reusing(previous, all, y, other).logMarginalLikelihood(), 0,
                "other hyperparameters: a new factorisation");
    }

    private static double[] values(double[][] points, java.util.function.ToDoubleFunction<double[]> f) {
        return java.util.Arrays.stream(points).mapToDouble(f).toArray();
    }

    /** {@code n} uniform points of the unit cube in three dimensions. */
    private static double[][] randomPoints(SplittableRandom rng, int n) {
        double[][] points = new double[n][];
        for (int i = 0; i < n; i++) {
            points[i] = new double[]{rng.nextDouble(), rng.nextDouble(), rng.nextDouble()};
        }
        return points;
    }

    private static double[][] shifted(double[][] points) {
        double[][] out = new double[points.length - 1][];
        System.arraycopy(points, 1, out, 0, out.length);
        return out;
    }

    /**
     * The lower Cholesky factor of {@code K + (noise + jitter) I} in Commons Math's right-looking
     * order (the GP's first jitter suffices for these data, as its finite likelihood shows).
     */
    private static double[][] referenceCholesky(double[][] x, GpHyperparameters h, GaussianProcess gp) {
        int n = x.length;
        double diagonal = h.signalVariance() + h.noiseVariance() + 1e-8 * h.signalVariance();
        double[][] a = new double[n][n];
        Kernel.CovarianceRows rows = h.rowsAgainst(x);
        for (int i = 0; i < n; i++) {
            rows.covariances(x[i], n, a[i]);
            a[i][i] = diagonal;
        }
        for (int i = 0; i < n; i++) {
            a[i][i] = Math.sqrt(a[i][i]);
            double inverse = 1.0 / a[i][i];
            for (int q = i + 1; q < n; q++) {
                a[i][q] *= inverse;
            }
            for (int q = i + 1; q < n; q++) {
                for (int p = q; p < n; p++) {
                    a[q][p] = Math.fma(-a[i][q], a[i][p], a[q][p]);
                }
            }
        }
        double[][] lower = new double[n][];
        for (int i = 0; i < n; i++) {
            lower[i] = new double[i + 1];
            for (int j = 0; j <= i; j++) {
                lower[i][j] = a[j][i];
            }
        }
        assertTrue(Double.isFinite(gp.logMarginalLikelihood()));
        return lower;
    }

    /** The posterior standard deviation by row-by-row forward substitution {@code L v = k}, each row's terms subtracted in column order (fused multiply-adds). */
    private static double textbookSd(double[][] lower, double[] k, double signalVariance) {
        double[] v = new double[k.length];
        double explained = 0;
        for (int i = 0; i < k.length; i++) {
            double s = k[i];
            for (int j = 0; j < i; j++) {
                s = Math.fma(-lower[i][j], v[j], s);
            }
            v[i] = s / lower[i][i];
            explained = Math.fma(v[i], v[i], explained);
        }
        return Math.sqrt(Math.max(1e-12, signalVariance - explained));
    }
}
