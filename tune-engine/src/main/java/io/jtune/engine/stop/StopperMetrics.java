package io.jtune.engine.stop;

import io.jtune.api.Result;
import io.jtune.api.TuneException;
import java.util.ArrayList;
import java.util.List;

/** What stoppers compute from metrics: a required metric's value and numpy's (population) standard deviation. */
final class StopperMetrics {
    private StopperMetrics() {
    }

    /** The metric's value; a TuneException naming the stopper, trial, metric and the reported metrics when it is missing. */
    static double require(String stopper, String metric, String trialId, Result result) {
        if (!result.has(metric)) {
            List<String> reported = new ArrayList<>(result.asMap().keySet());
            reported.remove(Result.CONFIG);
            throw new TuneException(stopper + ": trial " + trialId + " did not report metric '" + metric + "'; it reports " + reported
                    + ". Report '" + metric + "' from the trainable or stop on one of the reported metrics.");
        }
        return result.getDouble(metric);
    }

    /** The population standard deviation (numpy's {@code np.std}) of the first {@code n} values. */
    static double populationStd(double[] values, int n) {
        double mean = 0;
        for (int i = 0; i < n; i++) {
            mean += values[i];
        }
        mean /= n;
        double squares = 0;
        for (int i = 0; i < n; i++) {
            squares += (values[i] - mean) * (values[i] - mean);
        }
        return Math.sqrt(squares / n);
    }
}
