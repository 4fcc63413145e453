package io.jtune.samples.boosting;

/**
 * How well predictions match targets.
 *
 * @param rmse root mean squared error, in the target's units
 * @param r2 coefficient of determination: 1 is perfect, 0 is as good as predicting the targets' own
 *     mean, below 0 is worse (scikit-learn's {@code r2_score})
 */
public record RegressionScore(double rmse, double r2) {

    /** The score of {@code predictions} against {@code targets} (same length, at least one). */
    public static RegressionScore of(double[] predictions, double[] targets) {
        if (predictions.length != targets.length || targets.length == 0) {
            throw new IllegalArgumentException("need as many predictions as targets (at least one), got "
                    + predictions.length + " and " + targets.length);
        }
        double mean = 0;
        for (double t : targets) {
            mean += t;
        }
        mean /= targets.length;
        double squaredError = 0;
        double squaredDeviation = 0;
        for (int i = 0; i < targets.length; i++) {
            double error = targets[i] - predictions[i];
            double deviation = targets[i] - mean;
            squaredError += error * error;
            squaredDeviation += deviation * deviation;
        }
        double r2 = squaredDeviation == 0 ? (squaredError == 0 ? 1 : 0) : 1 - squaredError / squaredDeviation;
        return new RegressionScore(Math.sqrt(squaredError / targets.length), r2);
    }
}
