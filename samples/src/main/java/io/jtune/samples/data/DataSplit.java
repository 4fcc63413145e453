package io.jtune.samples.data;

import java.util.Arrays;

/**
 * A partition of a dataset's row indices into training, validation and test rows, made by a
 * seeded shuffle: the same size and seed always give the same split. Trials that are compared
 * with one another must share one split, so the seed is an experiment constant, not a
 * hyperparameter.
 */
public record DataSplit(int[] train, int[] validation, int[] test) {

    /**
     * Shuffles {@code 0..rows-1} with {@code seed} and cuts it into test rows
     * ({@code round(rows * testFraction)}), then validation rows, then the remaining training rows.
     */
    public static DataSplit shuffled(int rows, double validationFraction, double testFraction, long seed) {
        checkFraction("validationFraction", validationFraction);
        checkFraction("testFraction", testFraction);
        int testRows = (int) Math.round(rows * testFraction);
        int validationRows = (int) Math.round(rows * validationFraction);
        if (testRows + validationRows >= rows) {
            throw new IllegalArgumentException("validationFraction " + validationFraction + " + testFraction " + testFraction
                    + " leave no training rows out of " + rows + "; use smaller fractions");
        }
        int[] order = new int[rows];
        Arrays.setAll(order, i -> i);
        new SplitMix64(seed).shuffle(order);
        int[] test = Arrays.copyOfRange(order, 0, testRows);
        int[] validation = Arrays.copyOfRange(order, testRows, testRows + validationRows);
        int[] train = Arrays.copyOfRange(order, testRows + validationRows, rows);
        return new DataSplit(train, validation, test);
    }

    private static void checkFraction(String name, double fraction) {
        if (!(fraction > 0 && fraction < 1)) {
            throw new IllegalArgumentException(name + " must be in (0, 1), got " + fraction);
        }
    }
}
