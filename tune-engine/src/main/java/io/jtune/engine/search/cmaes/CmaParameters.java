package io.jtune.engine.search.cmaes;

/**
 * Hansen's default strategy parameters of CMA-ES ("The CMA Evolution Strategy: A Tutorial",
 * 2016, positive recombination weights) for dimension {@code n} and population {@code lambda}.
 */
public record CmaParameters(int n, int lambda, int mu, double[] weights, double muEff, double cSigma, double dSigma,
                            double cc, double c1, double cMu, double chiN) {

    /** The default population size {@code 4 + floor(3 ln n)}. */
    public static int defaultPopulation(int n) {
        return 4 + (int) Math.floor(3 * Math.log(n));
    }

    public static CmaParameters of(int n, int lambda) {
        int mu = lambda / 2;
        double[] w = new double[mu];
        double sum = 0;
        for (int i = 0; i < mu; i++) {
            w[i] = Math.log((lambda + 1) / 2.0) - Math.log(i + 1);
            sum += w[i];
        }
        double sumSq = 0;
        for (int i = 0; i < mu; i++) {
            w[i] /= sum;
            sumSq += w[i] * w[i];
        }
        double muEff = 1 / sumSq;
        double cSigma = (muEff + 2) / (n + muEff + 5);
        double dSigma = 1 + 2 * Math.max(0, Math.sqrt((muEff - 1) / (n + 1)) - 1) + cSigma;
        double cc = (4 + muEff / n) / (n + 4 + 2 * muEff / n);
        double c1 = 2 / ((n + 1.3) * (n + 1.3) + muEff);
        double cMu = Math.min(1 - c1, 2 * (muEff - 2 + 1 / muEff) / ((n + 2) * (n + 2) + muEff));
        double chiN = Math.sqrt(n) * (1 - 1.0 / (4 * n) + 1.0 / (21.0 * n * n));
        return new CmaParameters(n, lambda, mu, w, muEff, cSigma, dSigma, cc, c1, cMu, chiN);
    }
}
