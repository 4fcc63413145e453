package io.jtune.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.engine.json.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The data a report page draws, as JSON: the experiment's settings, its parameters, every trial
 * (config, last and best value of the metric, iterations, status, checkpoint, first error line and
 * its learning curve) and the parameters' importance ({@link ParamImportance}).
 *
 * <p>Curves are downsampled so a report holds at most about {@value #POINT_BUDGET} points in all:
 * each curve keeps its first and last point and evenly spaced ones between (at least
 * {@value #MIN_POINTS} and at most {@value #MAX_POINTS} a trial). A TERMINATED trial with fewer
 * iterations than the longest TERMINATED one counts as stopped early (by a scheduler or stopper);
 * the iterations where two or more trials stopped early are marked as the scheduler's cut points.
 * Without a declared metric, the first numeric metric reported that is not an auto field is drawn.
 * Each parameter names the axis it is drawn on ({@link ParamAxis}).
 */
final class ReportModel {
    static final int POINT_BUDGET = 200_000;
    static final int MIN_POINTS = 16;
    static final int MAX_POINTS = 400;
    private static final ObjectMapper JSON = Json.mapper();
    private static final Set<String> AUTO_FIELDS = Set.of(Result.TRAINING_ITERATION, Result.TIME_THIS_ITER_S, Result.TIME_TOTAL_S,
            Result.TIMESTAMP, Result.PID, Result.TIME_SINCE_RESTORE, Result.ITERATIONS_SINCE_RESTORE, Result.DONE);

    private ReportModel() {
    }

    static ObjectNode of(ExperimentRecord experiment) {
        String metric = experiment.metric() != null ? experiment.metric() : firstMetric(experiment.trials());
        Mode mode = experiment.mode() != null ? experiment.mode() : Mode.MIN;
        ObjectNode root = JSON.createObjectNode();
        root.put("name", experiment.name());
        root.put("metric", metric);
        root.put("mode", mode.toString());
        root.put("metricDeclared", experiment.metric() != null);
        root.set("settings", experiment.settings());
        List<TrialRecord> trials = experiment.trials();
        int pointsPerCurve = Math.max(MIN_POINTS, Math.min(MAX_POINTS, POINT_BUDGET / Math.max(1, trials.size())));
        long longest = trials.stream().filter(t -> t.status().equals("TERMINATED")).mapToLong(ReportModel::iterations).max().orElse(0);
        Map<String, Boolean> numeric = new TreeMap<>();
        trials.forEach(t -> t.config().forEach((k, v) -> numeric.merge(k, v instanceof Number, Boolean::logicalAnd)));
        ArrayNode params = root.putArray("params");
        numeric.forEach((k, isNumber) -> params.addObject().put("name", k).put("numeric", isNumber)
                .put("axis", isNumber ? ParamAxis.of(trials.stream().map(t -> (Number) t.config().get(k)).toList()) : ParamAxis.CATEGORY));
        ArrayNode trialArray = root.putArray("trials");
        Map<Long, Integer> earlyStopsAt = new TreeMap<>();
        Map<String, List<Object>> paramValues = new LinkedHashMap<>();
        numeric.keySet().forEach(k -> paramValues.put(k, new ArrayList<>()));
        List<Double> objective = new ArrayList<>();
        for (TrialRecord t : trials) {
            long iterations = iterations(t);
            String state = state(t.status(), iterations, longest);
            if (state.equals("stopped")) {
                earlyStopsAt.merge(iterations, 1, Integer::sum);
            }
            double best = best(t.history(), metric, mode);
            ObjectNode node = trialArray.addObject();
            node.put("id", t.id());
            node.put("name", t.name());
            node.put("status", t.status());
            node.put("state", state);
            node.set("config", JSON.valueToTree(new TreeMap<>(t.config())));
            putNumber(node, "last", last(t.history(), metric));
            putNumber(node, "best", best);
            node.put("iters", iterations);
            node.put("checkpoint", t.checkpoint());
            node.put("error", t.errorLine());
            node.set("curve", curve(t.history(), metric, pointsPerCurve));
            if (Double.isFinite(best)) {
                objective.add(best);
                paramValues.forEach((k, values) -> values.add(t.config().get(k)));
            }
        }
        ArrayNode cuts = root.putArray("earlyStops");
        earlyStopsAt.forEach((iteration, count) -> {
            if (count >= 2) {
                cuts.add(iteration);
            }
        });
        ArrayNode importance = root.putArray("importance");
        ParamImportance.of(paramValues, objective.stream().mapToDouble(Double::doubleValue).toArray())
                .forEach((k, v) -> importance.addObject().put("param", k).put("value", v));
        return root;
    }

    private static String state(String status, long iterations, long longest) {
        return switch (status) {
            case "TERMINATED" -> iterations < longest ? "stopped" : "done";
            case "ERROR" -> "error";
            default -> status.toLowerCase(java.util.Locale.ROOT);
        };
    }

    private static long iterations(TrialRecord t) {
        return t.history().isEmpty() ? 0 : t.history().get(t.history().size() - 1).trainingIteration();
    }

    private static String firstMetric(List<TrialRecord> trials) {
        Set<String> seen = new TreeSet<>();
        for (TrialRecord t : trials) {
            for (Result r : t.history()) {
                for (Map.Entry<String, Object> e : r.asMap().entrySet()) {
                    if (e.getValue() instanceof Number && !AUTO_FIELDS.contains(e.getKey()) && seen.add(e.getKey())) {
                        return e.getKey();
                    }
                }
            }
        }
        return Result.TRAINING_ITERATION;
    }

    private static double last(List<Result> history, String metric) {
        for (int i = history.size() - 1; i >= 0; i--) {
            if (history.get(i).has(metric)) {
                return history.get(i).getDouble(metric);
            }
        }
        return Double.NaN;
    }

    private static double best(List<Result> history, String metric, Mode mode) {
        double best = Double.NaN;
        for (Result r : history) {
            double v = r.getDouble(metric);
            if (Double.isFinite(v) && (Double.isNaN(best) || mode.isBetter(v, best))) {
                best = v;
            }
        }
        return best;
    }

    /** [[iteration, value], ...]: at most {@code maxPoints} evenly spaced results with the metric, first and last included. */
    static ArrayNode curve(List<Result> history, String metric, int maxPoints) {
        List<Result> withMetric = history.stream().filter(r -> Double.isFinite(r.getDouble(metric))).toList();
        ArrayNode points = JSON.createArrayNode();
        int n = withMetric.size();
        int keep = Math.min(n, maxPoints);
        int previous = -1;
        for (int k = 0; k < keep; k++) {
            int i = keep == 1 ? n - 1 : (int) Math.round((double) k * (n - 1) / (keep - 1));
            if (i != previous) {
                Result r = withMetric.get(i);
                points.addArray().add(r.trainingIteration()).add(r.getDouble(metric));
                previous = i;
            }
        }
        return points;
    }

    private static void putNumber(ObjectNode node, String key, double value) {
        if (Double.isFinite(value)) {
            node.put(key, value);
        } else {
            node.putNull(key);
        }
    }
}
