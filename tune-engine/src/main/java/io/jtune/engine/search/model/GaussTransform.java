package io.jtune.engine.search.model;

/**
 * Sums of many Gaussian kernels of one width, {@code sum_k a_k exp(-(x - m_k)^2 / (2 sigma^2))},
 * by the fast Gauss transform (Greengard and Strain, 1991) in one dimension: the centres are
 * grouped in boxes a quarter of the kernel scale {@code sqrt(2) sigma} wide, each box summarised
 * by a Taylor expansion about its middle, so a point costs a few boxes instead of every kernel.
 * With 8 terms the error is below 1e-8 of one kernel's peak amplitude; kernels beyond
 * {@code cutoff} widths add nothing, as in the direct sum.
 */
final class GaussTransform {
    private static final int TERMS = 8;
    private static final double BOX_SCALES = 0.25;
    /** 2 / (p + 1), the factor from one Taylor term to the next. */
    private static final double[] STEP = new double[TERMS];

    static {
        for (int p = 0; p < TERMS; p++) {
            STEP[p] = 2.0 / (p + 1);
        }
    }

    private final double scale;
    private final double box;
    private final double perBox;
    private final double reach;
    private final double[][] coefficients;

    /**
     * @param sigma     the kernels' common width
     * @param centres   their centres, in [0, 1]
     * @param amplitude their amplitudes a_k
     * @param members   which kernels to sum (indices into centres and amplitude)
     * @param cutoff    widths beyond which a kernel is dropped
     */
    GaussTransform(double sigma, double[] centres, double[] amplitude, int[] members, double cutoff) {
        this.scale = Math.sqrt(2) * sigma;
        this.box = BOX_SCALES * scale;
        this.perBox = 1 / box;
        this.reach = cutoff * sigma + box / 2;
        this.coefficients = new double[(int) Math.ceil(1 / box) + 1][];
        for (int k : members) {
            int b = boxOf(centres[k]);
            if (coefficients[b] == null) {
                coefficients[b] = new double[TERMS];
            }
            double u = (centres[k] - middle(b)) * perBox * BOX_SCALES;
            double term = amplitude[k] * Normal.expNeg(u * u);
            double[] c = coefficients[b];
            for (int p = 0; p < TERMS; p++) {
                c[p] += term;
                term *= u * STEP[p];
            }
        }
    }

    private int boxOf(double m) {
        return Math.max(0, Math.min(coefficients.length - 1, (int) (m * perBox)));
    }

    private double middle(int b) {
        return (b + 0.5) * box;
    }

    /** The sum at x. */
    double at(double x) {
        int from = boxOf(x - reach);
        int to = boxOf(x + reach);
        double sum = 0;
        for (int b = from; b <= to; b++) {
            double[] c = coefficients[b];
            if (c == null) {
                continue;
            }
            double t = (x - middle(b)) * perBox * BOX_SCALES;
            double poly = c[TERMS - 1];
            for (int p = TERMS - 2; p >= 0; p--) {
                poly = poly * t + c[p];
            }
            sum += Normal.expNeg(t * t) * poly;
        }
        return sum;
    }
}
