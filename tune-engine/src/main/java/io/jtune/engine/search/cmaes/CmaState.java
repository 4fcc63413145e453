package io.jtune.engine.search.cmaes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.engine.search.model.JsonArrays;
import java.util.Arrays;
import java.util.random.RandomGenerator;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.EigenDecomposition;
import org.apache.commons.math3.linear.RealMatrix;

/**
 * The CMA-ES search distribution N(m, sigma^2 C) over the unit cube, in ask/tell form: {@link #ask}
 * draws a candidate (redrawn while outside the cube, then clipped), {@link #tell} takes one
 * generation of {@code lambda} candidates with their losses and updates the mean, the evolution
 * paths, the step size and the covariance with Hansen's rules.
 */
public final class CmaState {
    private static final int MAX_REDRAWS = 100;
    private static final double TOL_X = 1e-12;
    private static final double MAX_CONDITION = 1e14;

    private final CmaParameters p;
    private double[] mean;
    private double sigma;
    private double[][] c;
    private double[] pSigma;
    private double[] pC;
    private int generation;
    private double[][] b;
    private double[] d;

    /** A fresh distribution around {@code mean} with step size {@code sigma} and C = I. */
    public CmaState(CmaParameters parameters, double[] mean, double sigma) {
        this.p = parameters;
        this.mean = mean.clone();
        this.sigma = sigma;
        int n = mean.length;
        this.c = new double[n][n];
        for (int i = 0; i < n; i++) {
            c[i][i] = 1;
        }
        this.pSigma = new double[n];
        this.pC = new double[n];
        decompose();
    }

    public CmaParameters parameters() {
        return p;
    }

    public double[] mean() {
        return mean.clone();
    }

    public double sigma() {
        return sigma;
    }

    public double[][] covariance() {
        double[][] copy = new double[c.length][];
        for (int i = 0; i < c.length; i++) {
            copy[i] = c[i].clone();
        }
        return copy;
    }

    public double[] pathSigma() {
        return pSigma.clone();
    }

    public double[] pathC() {
        return pC.clone();
    }

    /** Generations told so far. */
    public int generation() {
        return generation;
    }

    /** A candidate {@code m + sigma B D z}, redrawn while outside [0, 1]^n, clipped after many tries. */
    public double[] ask(RandomGenerator rng) {
        int n = mean.length;
        double[] x = new double[n];
        for (int attempt = 0; attempt < MAX_REDRAWS; attempt++) {
            double[] z = new double[n];
            for (int i = 0; i < n; i++) {
                z[i] = d[i] * rng.nextGaussian();
            }
            boolean inside = true;
            for (int i = 0; i < n; i++) {
                double s = 0;
                for (int k = 0; k < n; k++) {
                    s += b[i][k] * z[k];
                }
                x[i] = mean[i] + sigma * s;
                inside &= x[i] >= 0 && x[i] <= 1;
            }
            if (inside) {
                return x;
            }
        }
        for (int i = 0; i < n; i++) {
            x[i] = Math.max(0, Math.min(1, x[i]));
        }
        return x;
    }

    /** One generation's update from {@code lambda} candidates and their losses (lower is better). */
    public void tell(double[][] xs, double[] losses) {
        if (xs.length != p.lambda()) {
            throw new IllegalArgumentException("CMA-ES: tell needs one generation of " + p.lambda() + " candidates, got " + xs.length);
        }
        int n = mean.length;
        Integer[] rank = new Integer[xs.length];
        for (int i = 0; i < rank.length; i++) {
            rank[i] = i;
        }
        Arrays.sort(rank, (a, bb) -> Double.compare(losses[a], losses[bb]));
        double[][] y = new double[p.mu()][n];
        double[] yW = new double[n];
        for (int k = 0; k < p.mu(); k++) {
            for (int i = 0; i < n; i++) {
                y[k][i] = (xs[rank[k]][i] - mean[i]) / sigma;
                yW[i] += p.weights()[k] * y[k][i];
            }
        }
        for (int i = 0; i < n; i++) {
            mean[i] += sigma * yW[i];
        }
        double[] whitened = inverseSqrtC(yW);
        double sigmaScale = Math.sqrt(p.cSigma() * (2 - p.cSigma()) * p.muEff());
        double normPs = 0;
        for (int i = 0; i < n; i++) {
            pSigma[i] = (1 - p.cSigma()) * pSigma[i] + sigmaScale * whitened[i];
            normPs += pSigma[i] * pSigma[i];
        }
        normPs = Math.sqrt(normPs);
        boolean hSigma = normPs / Math.sqrt(1 - Math.pow(1 - p.cSigma(), 2.0 * (generation + 1))) < (1.4 + 2.0 / (n + 1)) * p.chiN();
        double cScale = Math.sqrt(p.cc() * (2 - p.cc()) * p.muEff());
        for (int i = 0; i < n; i++) {
            pC[i] = (1 - p.cc()) * pC[i] + (hSigma ? cScale * yW[i] : 0);
        }
        double delta = hSigma ? 0 : p.cc() * (2 - p.cc());
        double keep = 1 + p.c1() * delta - p.c1() - p.cMu();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double rankMu = 0;
                for (int k = 0; k < p.mu(); k++) {
                    rankMu += p.weights()[k] * y[k][i] * y[k][j];
                }
                c[i][j] = keep * c[i][j] + p.c1() * pC[i] * pC[j] + p.cMu() * rankMu;
            }
        }
        sigma *= Math.exp(p.cSigma() / p.dSigma() * (normPs / p.chiN() - 1));
        generation++;
        decompose();
    }

    /** True when the distribution has collapsed: step below 1e-12 of the cube or covariance condition above 1e14. */
    public boolean converged() {
        double maxD = Arrays.stream(d).max().orElseThrow();
        double minD = Arrays.stream(d).min().orElseThrow();
        return sigma * maxD < TOL_X || maxD * maxD > MAX_CONDITION * minD * minD;
    }

    private double[] inverseSqrtC(double[] v) {
        int n = v.length;
        double[] t = new double[n];
        for (int k = 0; k < n; k++) {
            double s = 0;
            for (int i = 0; i < n; i++) {
                s += b[i][k] * v[i];
            }
            t[k] = s / d[k];
        }
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int k = 0; k < n; k++) {
                s += b[i][k] * t[k];
            }
            out[i] = s;
        }
        return out;
    }

    private void decompose() {
        int n = mean.length;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) {
                double s = 0.5 * (c[i][j] + c[j][i]);
                c[i][j] = s;
                c[j][i] = s;
            }
        }
        EigenDecomposition eigen = new EigenDecomposition(new Array2DRowRealMatrix(c));
        RealMatrix v = eigen.getV();
        b = v.getData();
        d = new double[n];
        double[] values = eigen.getRealEigenvalues();
        for (int k = 0; k < n; k++) {
            d[k] = Math.sqrt(Math.max(values[k], 1e-300));
        }
    }

    void save(ObjectNode node) {
        JsonArrays.put(node, "mean", mean);
        node.put("sigma", sigma);
        JsonArrays.put(node, "c", c);
        JsonArrays.put(node, "pSigma", pSigma);
        JsonArrays.put(node, "pC", pC);
        node.put("generation", generation);
        node.put("lambda", p.lambda());
    }

    static CmaState restore(JsonNode node) {
        double[] mean = JsonArrays.doubles(node.path("mean"));
        CmaState s = new CmaState(CmaParameters.of(mean.length, node.path("lambda").asInt()), mean, node.path("sigma").asDouble());
        s.c = JsonArrays.matrix(node.path("c"));
        s.pSigma = JsonArrays.doubles(node.path("pSigma"));
        s.pC = JsonArrays.doubles(node.path("pC"));
        s.generation = node.path("generation").asInt();
        s.decompose();
        return s;
    }
}
