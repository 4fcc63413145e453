package io.jtune.engine.stop;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.spi.Stopper;
import io.jtune.engine.search.StateJson;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Stops a trial whose metric has plateaued (Ray Tune's {@code TrialPlateauStopper}): after at
 * least {@code gracePeriod} results, once it has {@code numResults} values, it stops when the
 * (population) standard deviation of the last {@code numResults} values is below {@code std}. With a
 * {@code metricThreshold} the latest value must also have reached it ({@code <=} for MIN, {@code >=}
 * for MAX). A result without the metric counts as NaN, which never plateaus. Saves its windows.
 */
public final class TrialPlateauStopper implements Stopper {
    private static final String NAME = "TrialPlateauStopper";

    private final String metric;
    private final double std;
    private final int numResults;
    private final int gracePeriod;
    private final Double metricThreshold;
    private final Mode mode;
    private final Map<String, Window> windows = new HashMap<>();

    /** The last {@code numResults} values of one trial, in a ring. */
    private static final class Window {
        final double[] values;
        int size;
        int next;
        int iterations;

        Window(int capacity) {
            values = new double[capacity];
        }

        void add(double v) {
            values[next] = v;
            next = (next + 1) % values.length;
            size = Math.min(size + 1, values.length);
            iterations++;
        }
    }

    /** Ray's defaults: std=0.01, numResults=4, gracePeriod=4, no threshold. */
    public TrialPlateauStopper(String metric) {
        this(metric, 0.01, 4, 4, null, null);
    }

    /**
     * @param metricThreshold a value the latest result must reach before the trial may stop, or null
     * @param mode required with a threshold: MIN (value must be {@code <=} it) or MAX ({@code >=}); else may be null
     */
    public TrialPlateauStopper(String metric, double std, int numResults, int gracePeriod, Double metricThreshold, Mode mode) {
        if (metric == null || metric.isEmpty()) {
            throw new IllegalArgumentException(NAME + ": metric must be named");
        }
        if (!(std > 0)) {
            throw new IllegalArgumentException(NAME + ": std must be > 0, got " + std);
        }
        if (numResults < 1) {
            throw new IllegalArgumentException(NAME + ": numResults must be >= 1, got " + numResults);
        }
        if (gracePeriod < 0) {
            throw new IllegalArgumentException(NAME + ": gracePeriod must be >= 0, got " + gracePeriod);
        }
        if (metricThreshold != null && mode == null) {
            throw new IllegalArgumentException(NAME + ": with a metricThreshold (" + metricThreshold + ") the mode must be MIN or MAX, got null");
        }
        this.metric = metric;
        this.std = std;
        this.numResults = numResults;
        this.gracePeriod = gracePeriod;
        this.metricThreshold = metricThreshold;
        this.mode = mode;
    }

    @Override
    public boolean shouldStop(String trialId, Result result) {
        double value = result.getDouble(metric);
        Window window = windows.computeIfAbsent(trialId, id -> new Window(numResults));
        window.add(value);
        if (window.iterations < gracePeriod || window.size < numResults) {
            return false;
        }
        if (metricThreshold != null && !(mode == Mode.MIN ? value <= metricThreshold : value >= metricThreshold)) {
            return false;
        }
        return StopperMetrics.populationStd(window.values, window.size) < std;
    }

    @Override
    public Set<String> metrics() {
        return Set.of(metric);
    }

    @Override
    public String saveState() {
        ObjectNode state = StateJson.object();
        ObjectNode trials = state.putObject("trials");
        windows.forEach((id, w) -> {
            ObjectNode node = trials.putObject(id);
            node.put("iterations", w.iterations);
            ArrayNode values = node.putArray("values");
            for (int i = 0; i < w.size; i++) {
                values.add(w.values[(w.next - w.size + i + numResults) % numResults]);
            }
        });
        return StateJson.write(state);
    }

    @Override
    public void restoreState(String json) {
        windows.clear();
        StateJson.parse(json, NAME).path("trials").properties().forEach(e -> {
            Window w = new Window(numResults);
            for (JsonNode v : e.getValue().path("values")) {
                w.add(v.asDouble());
            }
            w.iterations = e.getValue().path("iterations").asInt();
            windows.put(e.getKey(), w);
        });
    }
}
