package io.jtune.engine.runner;

import io.jtune.api.Result;
import io.jtune.api.TuneException;
import io.jtune.api.spi.Stopper;
import io.jtune.engine.log.LazyLogger;
import io.jtune.engine.trial.Trial;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
/**
 * Checks a trial's first result for every metric the experiment reads: its metric, the stoppers'
 * metrics and the checkpoint score attribute. A missing one is an error naming it, who needs it
 * and the metrics the trainable does report (Ray Tune's strict metric checking). Every result's
 * values of those metrics must be numbers (or booleans): a String such as {@code "0.5"} is an error
 * naming the trial, the metric and the value. NaN or infinity for the experiment's metric is kept
 * (as Ray Tune does: such a result never counts as best) but never silently: the first of a trial
 * is warned about, the rest are counted and summed up at the end.
 */
final class MetricCheck {
    private static final LazyLogger LOG = new LazyLogger(MetricCheck.class);

    private final Map<String, String> required = new LinkedHashMap<>();
    private final String[] names;
    private final String experimentMetric;

    MetricCheck(String experimentMetric, List<Stopper> stoppers, String checkpointScore) {
        this.experimentMetric = experimentMetric;
        if (experimentMetric != null) {
            required.put(experimentMetric, "the experiment's metric");
        }
        for (Stopper s : stoppers) {
            for (String m : s.metrics()) {
                required.putIfAbsent(m, "the stopper " + s.getClass().getName());
            }
        }
        if (checkpointScore != null) {
            required.putIfAbsent(checkpointScore, "the checkpoint score attribute");
        }
        this.names = required.keySet().toArray(new String[0]);
    }

    /** Checks one result's values of the metrics the experiment reads (every result). */
    void checkValues(Trial trial, Result result) {
        for (String name : names) {
            Object value = result.get(name);
            if (value != null && !(value instanceof Number) && !(value instanceof Boolean)) {
                throw new TuneException("trial " + trial.name() + " reported the metric '" + name + "' (which " + required.get(name) + " reads) as "
                        + (value instanceof CharSequence ? "\"" + value + "\"" : value) + ", a " + value.getClass().getSimpleName()
                        + " at training_iteration " + result.trainingIteration() + "; report a number (a double, not its text)");
            }
        }
        if (experimentMetric != null) {
            double value = result.getDouble(experimentMetric);
            if (!Double.isFinite(value) && result.has(experimentMetric) && trial.countNonFiniteMetric() == 0) {
                LOG.get().warn("trial {} reported {} = {} at training_iteration {}: such a result never counts as best; further ones of this trial are counted",
                        trial.name(), experimentMetric, value, result.trainingIteration());
            }
        }
    }

    /** Warns once for every trial that reported NaN or infinity for the experiment's metric more than once. */
    void summarizeNonFinite(List<Trial> trials) {
        for (Trial t : trials) {
            if (t.nonFiniteMetrics() > 1) {
                LOG.get().warn("trial {} reported NaN or infinity for {} in {} results", t.name(), experimentMetric, t.nonFiniteMetrics());
            }
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
