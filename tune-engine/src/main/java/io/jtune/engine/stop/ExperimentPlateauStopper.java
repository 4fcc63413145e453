package io.jtune.engine.stop;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.spi.Stopper;
import io.jtune.engine.search.StateJson;
import java.util.Set;

/**
 * Stops the whole experiment when the best values of a metric across all trials have plateaued
 * (Ray Tune's {@code ExperimentPlateauStopper}): it keeps the {@code top} best values reported so
 * far; once it has {@code top} of them and their (population) standard deviation is
 * {@code <= std} after {@code max(1, patience)} results in a row, every trial stops. As in Ray,
 * the trial whose result completed the plateau stops too. NaN values are left out. Saves its best
 * values and counter.
 */
public final class ExperimentPlateauStopper implements Stopper {
    private static final String NAME = "ExperimentPlateauStopper";

    private final String metric;
    private final double std;
    private final int top;
    private final Mode mode;
    private final int patience;
    /** The best values so far, sorted so that the best comes first; {@code count} are in use. */
    private final double[] best;
    private int count;
    private int plateauResults;

    /** Ray's defaults: std=0.001, top=10, patience=0. */
    public ExperimentPlateauStopper(String metric, Mode mode) {
        this(metric, 0.001, 10, mode, 0);
    }

    public ExperimentPlateauStopper(String metric, double std, int top, Mode mode, int patience) {
        if (metric == null || metric.isEmpty()) {
            throw new IllegalArgumentException(NAME + ": metric must be named");
        }
        if (!(std > 0)) {
            throw new IllegalArgumentException(NAME + ": std must be > 0, got " + std);
        }
        if (top <= 1) {
            throw new IllegalArgumentException(NAME + ": top must be an integer > 1, got " + top);
        }
        if (mode == null) {
            throw new IllegalArgumentException(NAME + ": mode must be MIN or MAX, got null");
        }
        if (patience < 0) {
            throw new IllegalArgumentException(NAME + ": patience must be >= 0, got " + patience);
        }
        this.metric = metric;
        this.std = std;
        this.top = top;
        this.mode = mode;
        this.patience = patience;
        this.best = new double[top];
    }

    @Override
    public boolean shouldStop(String trialId, Result result) {
        double value = StopperMetrics.require(NAME, metric, trialId, result);
        if (!Double.isNaN(value)) {
            insert(value);
        }
        plateauResults = hasPlateaued() ? plateauResults + 1 : 0;
        return stopAll();
    }

    private void insert(double value) {
        int at = count;
        while (at > 0 && mode.isBetter(value, best[at - 1])) {
            at--;
        }
        if (at == top) {
            return;
        }
        int last = Math.min(count, top - 1);
        System.arraycopy(best, at, best, at + 1, last - at);
        best[at] = value;
        count = Math.min(count + 1, top);
    }

    private boolean hasPlateaued() {
        if (count < top) {
            return false;
        }
        return StopperMetrics.populationStd(best, top) <= std;
    }

    @Override
    public boolean stopAll() {
        return hasPlateaued() && plateauResults >= patience;
    }

    @Override
    public Set<String> metrics() {
        return Set.of(metric);
    }

    @Override
    public String saveState() {
        ObjectNode state = StateJson.object();
        ArrayNode values = state.putArray("best");
        for (int i = 0; i < count; i++) {
            values.add(best[i]);
        }
        state.put("plateau_results", plateauResults);
        return StateJson.write(state);
    }

    @Override
    public void restoreState(String json) {
        ObjectNode state = StateJson.parse(json, NAME);
        count = 0;
        for (JsonNode v : state.path("best")) {
            insert(v.asDouble());
        }
        plateauResults = state.path("plateau_results").asInt();
    }
}
