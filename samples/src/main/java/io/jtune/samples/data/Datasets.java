package io.jtune.samples.data;

import java.util.regex.Pattern;

/**
 * The real datasets shipped with the samples (see {@code data/README.md} on the classpath for
 * their sources and licences). Each call reads and parses the resource afresh, so callers own the
 * arrays they get. Errors name the resource and the offending line.
 */
public final class Datasets {
    /** UCI "Optical Recognition of Handwritten Digits", 1,797 rows of 64 pixels then the label. */
    public static final String DIGITS = "data/digits.csv.gz";
    /** Efron et al.'s diabetes data: 442 rows of 10 baseline variables. */
    public static final String DIABETES_FEATURES = "data/diabetes_data_raw.csv.gz";
    /** Efron et al.'s diabetes data: disease progression one year after baseline, one value a row. */
    public static final String DIABETES_TARGET = "data/diabetes_target.csv.gz";

    private static final int DIGIT_PIXELS = 64;
    private static final int DIGIT_CLASSES = 10;
    private static final double MAX_PIXEL = 16;
    private static final int DIABETES_VARIABLES = 10;
    private static final Pattern COMMA = Pattern.compile(",");
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    private Datasets() {
    }

    /** The 8×8 digits: 64 features with pixel intensities 0–16 divided by 16 (so in [0, 1]), labels 0–9. */
    public static ClassificationData digits() {
        double[][] table = GzipTable.readResource(DIGITS, COMMA, DIGIT_PIXELS + 1);
        double[] x = new double[table.length * DIGIT_PIXELS];
        int[] labels = new int[table.length];
        for (int r = 0; r < table.length; r++) {
            for (int p = 0; p < DIGIT_PIXELS; p++) {
                double pixel = table[r][p];
                if (pixel < 0 || pixel > MAX_PIXEL) {
                    throw new IllegalStateException("dataset resource '" + DIGITS + "' row " + (r + 1) + " pixel " + (p + 1)
                            + " is " + pixel + ", outside 0-16");
                }
                x[r * DIGIT_PIXELS + p] = pixel / MAX_PIXEL;
            }
            labels[r] = label(table[r][DIGIT_PIXELS], r);
        }
        return new ClassificationData(DIGITS, table.length, DIGIT_PIXELS, x, labels, DIGIT_CLASSES);
    }

    private static int label(double value, int row) {
        if (value != Math.rint(value) || value < 0 || value >= DIGIT_CLASSES) {
            throw new IllegalStateException("dataset resource '" + DIGITS + "' row " + (row + 1) + " has label " + value
                    + "; labels must be whole numbers 0-9");
        }
        return (int) value;
    }

    /** The diabetes data: 10 raw (unscaled) baseline variables per patient and the progression target. */
    public static RegressionData diabetes() {
        double[][] features = GzipTable.readResource(DIABETES_FEATURES, WHITESPACE, DIABETES_VARIABLES);
        double[][] target = GzipTable.readResource(DIABETES_TARGET, WHITESPACE, 1);
        if (features.length != target.length) {
            throw new IllegalStateException("dataset resource '" + DIABETES_FEATURES + "' has " + features.length + " rows but '"
                    + DIABETES_TARGET + "' has " + target.length + "; they must match row for row");
        }
        double[] x = new double[features.length * DIABETES_VARIABLES];
        double[] y = new double[features.length];
        for (int r = 0; r < features.length; r++) {
            System.arraycopy(features[r], 0, x, r * DIABETES_VARIABLES, DIABETES_VARIABLES);
            y[r] = target[r][0];
        }
        return new RegressionData(DIABETES_FEATURES, features.length, DIABETES_VARIABLES, x, y);
    }
}
