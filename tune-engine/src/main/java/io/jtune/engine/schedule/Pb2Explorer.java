package io.jtune.engine.schedule;

import io.jtune.api.Config;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.json.Json;
import io.jtune.engine.search.gp.BoundedMaximiser;
import io.jtune.engine.search.gp.GaussianProcess;
import io.jtune.engine.search.gp.TimeVaryingSquaredExp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * PB2's explore step (Parker-Holder et al. 2020, as Ray Tune's {@code PB2}): a GP bandit picks the
 * bottom trial's new hyperparameters within their bounds.
 *
 * <p>Every perturbation-time score is kept with the trial's hyperparameters. Consecutive scores of
 * one trial under unchanged hyperparameters give a point: features (time, score before, the
 * hyperparameters), target the score change per unit of time. The latest points (at most 1,000,
 * of which the GP fits the last 200; Ray selects that window by likelihood beyond 200 points) are
 * normalised (time and score by their range, hyperparameters by their bounds), the targets
 * standardised and clipped to [-2, 2], and a GP with {@link TimeVaryingSquaredExp} (start
 * variance 1, length scale 1, epsilon 0.1, noise 1; fitted by likelihood, length scale then capped
 * at 1) is fitted. The new hyperparameters maximise GP-UCB at the clone's time and score:
 * {@code mean + kappa var}, {@code kappa = sqrt(0.2 + max(0, log(0.4 n)))} for n points (current
 * Ray's {@code UCB}; Ray's first PB2 used {@code sqrt(0.2 log(0.4 n))}, which explores too little
 * to follow an optimum that moves during training), where the variance comes from a second GP that also holds the configs already chosen
 * in this round (with target 0), so one round spreads out. Ten random starts, each polished
 * locally. The exploited trial then enters the data at the clone's time and score with its new
 * hyperparameters. Integer parameters are truncated, as Ray does.
 */
final class Pb2Explorer implements PbtExploreStrategy {
    private static final int MAX_POINTS = 1000;
    private static final int WINDOW = 200;
    private static final int ACQUISITION_STARTS = 10;
    private static final int MAX_EVALUATIONS = 200;
    private static final double[] KERNEL_START = {0, 0, 0.1, 0};
    private static final double[] KERNEL_LOW = {Math.log(1e-4), Math.log(1e-5), 0, Math.log(1e-6)};
    private static final double[] KERNEL_HIGH = {Math.log(1e4), Math.log(100), TimeVaryingSquaredExp.MAX_EPSILON, Math.log(10)};

    private final Map<String, double[]> bounds;
    private final List<Row> data = new ArrayList<>();
    private double lastExplorationTime;
    private List<double[]> current = new ArrayList<>();

    /** One perturbation-time score of a trial (Ray's data frame row). */
    record Row(String trial, double time, double[] values, double reward) {
    }

    /** A GP data point: features time, score before, hyperparameters; target the score change per unit of time. */
    private record Point(String trial, double time, double rewardBefore, double[] values, double change, double reward) {
    }

    /** What {@link #saveState} writes. */
    record State(List<Row> data, double lastExplorationTime, List<double[]> current) {
    }

    /** @param bounds by parameter path, {@code [min, max]} */
    Pb2Explorer(Map<String, double[]> bounds) {
        this.bounds = new LinkedHashMap<>(bounds);
    }

    @Override
    public Set<String> paths() {
        return bounds.keySet();
    }

    @Override
    public void onScore(TrialView trial, double time, double score) {
        data.add(new Row(trial.id(), time, valuesOf(trial.config()), score));
    }

    private double[] valuesOf(Config config) {
        double[] v = new double[bounds.size()];
        int i = 0;
        for (String path : bounds.keySet()) {
            v[i++] = ((Number) config.get(path)).doubleValue();
        }
        return v;
    }

    @Override
    public PbtExplorer.Exploration explore(TrialView trial, TrialView clone, SeededRandom random) {
        double maxTime = data.stream().mapToDouble(Row::time).max().orElse(0);
        if (maxTime > lastExplorationTime) {
            current = new ArrayList<>();
        }
        List<Point> points = points();
        Point base = null;
        for (Point p : points) {
            if (p.trial().equals(clone.id())) {
                base = p;
            }
        }
        if (base == null) {
            return new PbtExplorer.Exploration(clone.config(), Map.of());
        }
        double[] chosen = select(points.subList(Math.max(0, points.size() - WINDOW), points.size()), base, random);
        Map<String, Object> flat = clone.config().flatten();
        Map<String, String> operations = new LinkedHashMap<>();
        double[] values = new double[chosen.length];
        int i = 0;
        for (String path : bounds.keySet()) {
            Object old = flat.get(path);
            Object value = old instanceof Integer ? (Object) (int) chosen[i] : old instanceof Long ? (Object) (long) chosen[i] : (Object) chosen[i];
            values[i] = ((Number) value).doubleValue();
            flat.put(path, value);
            operations.put(path, "GP-UCB");
            i++;
        }
        data.add(new Row(trial.id(), base.time(), values, base.reward()));
        double newMax = Math.max(maxTime, base.time());
        if (newMax > lastExplorationTime) {
            lastExplorationTime = newMax;
            current = new ArrayList<>(List.of(values));
        } else {
            current.add(values);
        }
        return new PbtExplorer.Exploration(Config.unflatten(flat), operations);
    }

    /** The data as GP points, in time order, the latest {@value #MAX_POINTS}. */
    private List<Point> points() {
        List<Row> sorted = new ArrayList<>(data);
        sorted.sort(Comparator.comparingDouble(Row::time));
        Map<String, Row> previous = new HashMap<>();
        List<Point> out = new ArrayList<>();
        for (Row r : sorted) {
            String key = r.trial() + java.util.Arrays.toString(r.values());
            Row before = previous.put(key, r);
            if (before == null) {
                continue;
            }
            double dt = r.time() - before.time();
            double change = (r.reward() - before.reward()) / dt;
            if (dt > 0 && Double.isFinite(change)) {
                out.add(new Point(r.trial(), r.time(), before.reward(), r.values(), change, r.reward()));
            }
        }
        return out.size() > MAX_POINTS ? out.subList(out.size() - MAX_POINTS, out.size()) : out;
    }

    /** The hyperparameters (in their bounds) maximising GP-UCB at the base point's time and score. */
    private double[] select(List<Point> points, Point base, SeededRandom random) {
        int n = points.size();
        int d = bounds.size();
        double[] timeRange = range(points, true);
        double[] rewardRange = range(points, false);
        double[][] x = new double[n][];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            Point p = points.get(i);
            x[i] = features(scale(p.time(), timeRange), scale(p.rewardBefore(), rewardRange), normalise(p.values()));
            y[i] = p.change();
        }
        standardise(y);
        double[] fixed = {scale(base.time(), timeRange), scale(base.rewardBefore(), rewardRange)};
        GaussianProcess mean = fit(x, y, random);
        GaussianProcess variance = mean;
        if (!current.isEmpty()) {
            double[][] x1 = java.util.Arrays.copyOf(x, n + current.size());
            double[] y1 = java.util.Arrays.copyOf(y, n + current.size());
            for (int i = 0; i < current.size(); i++) {
                x1[n + i] = features(fixed[0], fixed[1], normalise(current.get(i)));
            }
            variance = fit(x1, y1, random);
        }
        double kappa = Math.sqrt(0.2 + Math.max(0, Math.log(0.4 * n)));
        GaussianProcess forVariance = variance;
        double[] m = new double[2];
        double[] v = new double[2];
        double[] lo = new double[d];
        double[] hi = new double[d];
        java.util.Arrays.fill(hi, 1);
        double[] best = BoundedMaximiser.maximise(u -> {
            double[] z = features(fixed[0], fixed[1], u);
            mean.predict(z, m);
            forVariance.predict(z, v);
            return m[0] + kappa * v[1] * v[1];
        }, null, lo, hi, ACQUISITION_STARTS, MAX_EVALUATIONS, random);
        double[] out = new double[d];
        int i = 0;
        for (double[] b : bounds.values()) {
            out[i] = b[0] + Math.max(0, Math.min(1, best[i])) * (b[1] - b[0]);
            i++;
        }
        return out;
    }

    /** The GP with the kernel hyperparameters of highest likelihood (length scale capped at 1 afterwards). */
    private static GaussianProcess fit(double[][] x, double[] y, SeededRandom random) {
        double[] t = BoundedMaximiser.maximise(p -> {
            try {
                return new GaussianProcess(x, y, kernel(p, false), Math.exp(p[3])).logMarginalLikelihood();
            } catch (IllegalStateException e) {
                return Double.NEGATIVE_INFINITY;
            }
        }, KERNEL_START, KERNEL_LOW, KERNEL_HIGH, 0, MAX_EVALUATIONS, random);
        return new GaussianProcess(x, y, kernel(t, true), Math.exp(t[3]));
    }

    private static TimeVaryingSquaredExp kernel(double[] p, boolean capLengthScale) {
        double lengthScale = Math.exp(p[1]);
        return new TimeVaryingSquaredExp(Math.exp(p[0]), capLengthScale ? Math.min(1, lengthScale) : lengthScale, p[2]);
    }

    private double[] normalise(double[] values) {
        double[] u = new double[values.length];
        int i = 0;
        for (double[] b : bounds.values()) {
            u[i] = (values[i] - b[0]) / (b[1] - b[0]);
            i++;
        }
        return u;
    }

    private static double[] features(double time, double reward, double[] hyper) {
        double[] f = new double[2 + hyper.length];
        f[0] = time;
        f[1] = reward;
        System.arraycopy(hyper, 0, f, 2, hyper.length);
        return f;
    }

    private static double[] range(List<Point> points, boolean time) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Point p : points) {
            double v = time ? p.time() : p.rewardBefore();
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        return new double[] {lo, hi};
    }

    /** Scaled to [0, 1] over the range; 0 when the range is a single value. */
    private static double scale(double v, double[] range) {
        return range[1] > range[0] ? (v - range[0]) / (range[1] - range[0]) : 0;
    }

    /** Ray's {@code standardize}: zero mean, unit (population) deviation plus 1e-8, clipped to [-2, 2]. */
    private static void standardise(double[] y) {
        double mean = 0;
        for (double v : y) {
            mean += v;
        }
        mean /= y.length;
        double var = 0;
        for (double v : y) {
            var += (v - mean) * (v - mean);
        }
        double sd = Math.sqrt(var / y.length) + 1e-8;
        for (int i = 0; i < y.length; i++) {
            y[i] = Math.max(-2, Math.min(2, (y[i] - mean) / sd));
        }
    }

    @Override
    public String saveState() {
        return Json.writeState("PB2", new State(data, lastExplorationTime, current));
    }

    @Override
    public void restoreState(String json) {
        State state = Json.readState("PB2", json, State.class);
        data.clear();
        data.addAll(state.data());
        lastExplorationTime = state.lastExplorationTime();
        current = new ArrayList<>(state.current());
    }
}
