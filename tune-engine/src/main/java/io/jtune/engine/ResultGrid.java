package io.jtune.engine;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.api.spi.Objective;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.engine.output.CsvFormat;
import io.jtune.engine.search.mo.Hypervolume;
import io.jtune.engine.search.mo.Pareto;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The outcome of an experiment (Ray Tune's {@code ResultGrid}): every trial with its history, the
 * failed ones, and the best trial by a metric, mode and {@link Scope}. NaN and infinite values are
 * never chosen as best. Immutable.
 */
public final class ResultGrid {

    /** Which of a trial's values of the metric count (Ray's {@code scope}). */
    public enum Scope {
        /** The last reported value. */
        LAST("last"),
        /** The best value over the whole history. */
        ALL("all"),
        /** The mean of every reported value. */
        AVG("avg"),
        /** The mean of the last 5 reported values. */
        LAST_5_AVG("last-5-avg"),
        /** The mean of the last 10 reported values. */
        LAST_10_AVG("last-10-avg");

        private final String rayName;

        Scope(String rayName) {
            this.rayName = rayName;
        }

        /** Parses Ray's names ("last", "all", "avg", "last-5-avg", "last-10-avg") or the constant names. */
        public static Scope parse(String text) {
            for (Scope s : values()) {
                if (s.rayName.equalsIgnoreCase(text.trim()) || s.name().equalsIgnoreCase(text.trim())) {
                    return s;
                }
            }
            throw new IllegalArgumentException("scope '" + text + "' is none of last, all, avg, last-5-avg, last-10-avg");
        }

        /** A trial's score under this scope from its values of the metric, oldest first (NaN when none). */
        double score(double[] values, Mode mode) {
            return switch (this) {
                case LAST -> values[values.length - 1];
                case ALL -> bestOf(values, mode);
                case AVG -> meanOfLast(values, values.length);
                case LAST_5_AVG -> meanOfLast(values, 5);
                case LAST_10_AVG -> meanOfLast(values, 10);
            };
        }

        private static double bestOf(double[] values, Mode mode) {
            double best = Double.NaN;
            for (double v : values) {
                if (Double.isFinite(v) && mode.isBetter(v, best)) {
                    best = v;
                }
            }
            return best;
        }

        private static double meanOfLast(double[] values, int n) {
            int from = Math.max(0, values.length - n);
            double sum = 0;
            for (int i = from; i < values.length; i++) {
                sum += values[i];
            }
            return sum / (values.length - from);
        }

        @Override
        public String toString() {
            return rayName;
        }
    }

    /** The best trial by a metric: the trial, and its score under the scope. */
    public record BestResult(TrialOutcome trial, String metric, Mode mode, Scope scope, double value) {

        public Config config() {
            return trial.config();
        }

        public Optional<CheckpointDir> checkpoint() {
            return Optional.ofNullable(trial.latestCheckpoint());
        }

        public Result lastResult() {
            return trial.lastResult();
        }
    }

    private final List<TrialOutcome> trials;
    private final String metric;
    private final Mode mode;
    private final Path experimentDir;
    private final List<Objective> objectives;

    /** {@code metric} and {@code mode} are the experiment's defaults for {@link #getBestResult()}; either may be null. */
    public ResultGrid(List<TrialOutcome> trials, String metric, Mode mode, Path experimentDir) {
        this(trials, metric, mode, experimentDir, List.of());
    }

    /** As {@link #ResultGrid(List, String, Mode, Path)}, with the objectives of a multi-objective experiment (empty: the metric alone). */
    public ResultGrid(List<TrialOutcome> trials, String metric, Mode mode, Path experimentDir, List<Objective> objectives) {
        this.trials = List.copyOf(trials);
        this.metric = metric;
        this.mode = mode;
        this.experimentDir = experimentDir;
        this.objectives = objectives.isEmpty() && metric != null && mode != null ? List.of(new Objective(metric, mode)) : List.copyOf(objectives);
    }

    /** The experiment's objectives (its metrics and modes), as declared. */
    public List<Objective> objectives() {
        return objectives;
    }

    /**
     * The Pareto front: the trials whose last results no other trial's dominate in every objective
     * (no worse in all, better in one), in trial order. Trials whose last result lacks a finite
     * value of an objective are left out.
     */
    public List<TrialOutcome> paretoFront() {
        List<TrialOutcome> scored = scoredTrials();
        List<double[]> losses = scored.stream().map(this::losses).toList();
        return Pareto.fronts(losses).stream().findFirst().orElse(List.of()).stream().map(scored::get).toList();
    }

    /**
     * The hypervolume of the Pareto front against {@code reference}, one value per objective in the
     * metrics' own units (for a maximised metric, a value below every value of interest): the
     * volume of the objective space the front dominates within the reference point.
     */
    public double hypervolume(double... reference) {
        requireObjectives("hypervolume");
        if (reference.length != objectives.size()) {
            throw new IllegalArgumentException("hypervolume needs one reference value per objective " + objectives + ", got " + reference.length);
        }
        double[] ref = new double[reference.length];
        for (int i = 0; i < ref.length; i++) {
            ref[i] = objectives.get(i).loss(reference[i]);
        }
        return Hypervolume.of(paretoFront().stream().map(this::losses).toList(), ref);
    }

    private List<TrialOutcome> scoredTrials() {
        requireObjectives("the Pareto front");
        return trials.stream().filter(t -> t.lastResult() != null && objectives.stream().allMatch(o -> Double.isFinite(valueOf(t.lastResult(), o.metric())))).toList();
    }

    private void requireObjectives(String what) {
        if (objectives.isEmpty()) {
            throw new IllegalStateException(what + " needs the experiment's metrics: set metrics(...) (or metric(...)) on the Tuner");
        }
    }

    private double[] losses(TrialOutcome t) {
        double[] l = new double[objectives.size()];
        for (int i = 0; i < l.length; i++) {
            l[i] = objectives.get(i).loss(valueOf(t.lastResult(), objectives.get(i).metric()));
        }
        return l;
    }

    private static double valueOf(Result r, String metric) {
        return r.has(metric) && r.get(metric) instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    public List<TrialOutcome> trials() {
        return trials;
    }

    public int size() {
        return trials.size();
    }

    public TrialOutcome get(int index) {
        return trials.get(index);
    }

    public Path experimentDir() {
        return experimentDir;
    }

    /** The trials that ended in ERROR. */
    public List<TrialOutcome> errors() {
        return trials.stream().filter(t -> t.status() == TrialStatus.ERROR).toList();
    }

    public int numErrors() {
        return errors().size();
    }

    public int numTerminated() {
        int terminated = 0;
        for (TrialOutcome t : trials) {
            if (t.status() == TrialStatus.TERMINATED) {
                terminated++;
            }
        }
        return terminated;
    }

    /** The best trial by the experiment's metric and mode, judged on each trial's last value. */
    public BestResult getBestResult() {
        if (metric == null || mode == null) {
            throw new TuneException("this ResultGrid has no default metric and mode: call getBestResult(metric, mode, scope) or set metric and mode on the Tuner");
        }
        return getBestResult(metric, mode, Scope.LAST);
    }

    /** The best trial by {@code metric} in {@code mode}, each trial judged by its values under {@code scope}. */
    public BestResult getBestResult(String metric, Mode mode, Scope scope) {
        BestResult best = null;
        boolean reported = false;
        for (TrialOutcome t : trials) {
            double[] values = valuesOf(t, metric, scope);
            if (values.length == 0) {
                continue;
            }
            reported = true;
            double score = scope.score(values, mode);
            if (Double.isFinite(score) && (best == null || mode.isBetter(score, best.value()))) {
                best = new BestResult(t, metric, mode, scope, score);
            }
        }
        if (best == null) {
            throw new TuneException(reported
                    ? "every trial's " + scope + " value of metric '" + metric + "' is NaN or infinite, so there is no best trial"
                    : "no trial reported metric '" + metric + "'; the trials report " + reportedMetrics() + ". Pass one of these to getBestResult, or report '"
                            + metric + "' from the trainable");
        }
        return best;
    }

    /** The trial's values of the metric under the scope: the last result alone for {@link Scope#LAST} when it has the metric, else the history read back. */
    private static double[] valuesOf(TrialOutcome t, String metric, Scope scope) {
        Result last = t.lastResult();
        if (last == null) {
            return new double[0];
        }
        if (scope == Scope.LAST && last.has(metric)) {
            return new double[] {last.getDouble(metric)};
        }
        return t.history().stream().filter(r -> r.has(metric)).mapToDouble(r -> r.getDouble(metric)).toArray();
    }

    private Set<String> reportedMetrics() {
        Set<String> keys = new LinkedHashSet<>();
        trials.forEach(t -> t.history().forEach(r -> keys.addAll(r.asMap().keySet())));
        keys.remove(Result.CONFIG);
        return keys;
    }

    /**
     * Writes one row per trial: {@code trial_id}, {@code status}, the config's leaves as
     * {@code config/<path>} and the last result's metrics (nested ones flattened with '/').
     */
    public void exportCsv(Path file) {
        List<Map<String, Object>> rows = new ArrayList<>();
        Set<String> columns = new LinkedHashSet<>(List.of(Result.TRIAL_ID, "status"));
        for (TrialOutcome t : trials) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put(Result.TRIAL_ID, t.id());
            row.put("status", t.status().name());
            t.config().flatten().forEach((k, v) -> row.put(Result.CONFIG + Config.PATH_SEPARATOR + k, v));
            Result last = t.lastResult();
            if (last != null) {
                last.asMap().forEach((k, v) -> {
                    if (!k.equals(Result.CONFIG) && !k.equals(Result.TRIAL_ID)) {
                        CsvFormat.flattenInto(k, v, row);
                    }
                });
            }
            columns.addAll(row.keySet());
            rows.add(row);
        }
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                StringBuilder line = new StringBuilder();
                CsvFormat.appendHeader(line, columns);
                out.append(line).append('\n');
                for (Map<String, Object> row : rows) {
                    line.setLength(0);
                    boolean first = true;
                    for (String c : columns) {
                        if (!first) {
                            line.append(',');
                        }
                        first = false;
                        CsvFormat.appendCell(line, row.get(c));
                    }
                    out.append(line).append('\n');
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot export the results to " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "ResultGrid<%d trials, %d errored, dir=%s>", trials.size(), numErrors(), experimentDir);
    }
}
