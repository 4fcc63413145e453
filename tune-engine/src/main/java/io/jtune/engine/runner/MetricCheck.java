package io.jtune.engine.runner;

import io.jtune.api.Result;
import io.jtune.api.TuneException;
import io.jtune.api.spi.Stopper;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks a trial's first result for every metric the experiment reads: its metric, the stoppers'
 * metrics and the checkpoint score attribute. A missing one is an error naming it, who needs it
 * and the metrics the trainable does report (Ray Tune's strict metric checking).
 */
final class MetricCheck {
    private final Map<String, String> required = new LinkedHashMap<>();

    MetricCheck(String experimentMetric, List<Stopper> stoppers, String checkpointScore) {
        if (experimentMetric != null) {
            required.put(experimentMetric, "the experiment's metric");
        }
        for (Stopper s : stoppers) {
            for (String m : s.metrics()) {
                required.putIfAbsent(m, "the stopper " + s.getClass().getSimpleName());
            }
        }
        if (checkpointScore != null) {
            required.putIfAbsent(checkpointScore, "the checkpoint score attribute");
        }
    }

    void check(Trial trial, Result first) {
        for (Map.Entry<String, String> e : required.entrySet()) {
            if (!first.has(e.getKey())) {
                throw new TuneException("trial " + trial.name() + " does not report the metric '" + e.getKey() + "' that " + e.getValue()
                        + " reads; it reports " + reported(first) + ". Report '" + e.getKey() + "' from the trainable or correct the name.");
            }
        }
    }

    private static List<String> reported(Result result) {
        return result.asMap().keySet().stream().filter(k -> !AutoFields.NAMES.contains(k)).toList();
    }
}
