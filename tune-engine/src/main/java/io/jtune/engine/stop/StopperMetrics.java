package io.jtune.engine.stop;

import io.jtune.api.Result;
import io.jtune.api.TuneException;
import java.util.ArrayList;
import java.util.List;

/** Reads the metric a stopper needs from a result, with an error naming both when it is missing. */
final class StopperMetrics {
    private StopperMetrics() {
    }

    static double require(String stopper, String metric, String trialId, Result result) {
        if (!result.has(metric)) {
            List<String> reported = new ArrayList<>(result.asMap().keySet());
            reported.remove(Result.CONFIG);
            throw new TuneException(stopper + ": trial " + trialId + " did not report metric '" + metric + "'; it reports " + reported
                    + ". Report '" + metric + "' from the trainable or stop on one of the reported metrics.");
        }
        return result.getDouble(metric);
    }
}
