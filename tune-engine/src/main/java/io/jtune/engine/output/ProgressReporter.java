package io.jtune.engine.output;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.TrialView;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The console progress table (Ray Tune's {@code CLIReporter}): a line
 * {@code running for 00:01:23, 2/2 CPUs in use, trials on <where>} (where the trials run, e.g.
 * {@code threads in this JVM}, {@code 2 worker processes}, {@code a cluster of 3 workers}, whose
 * CPUs these are), an overall line
 * {@code N done / M running / K pending of T (P paused, E errored), best <metric>=<v> (trial x, last result)}
 * and a table of trial name, status, the searched parameters, the chosen metrics (the experiment
 * metric first), {@code iter} and {@code total time (s)}. "Best" ranks every trial it knows (also
 * those finished before a resume) by its last result, the scope of the final summary. It prints at
 * most once per {@code minInterval} when trials start, report or end (not while they are added, so
 * the first table of a resumed experiment counts every trial); on a terminal it redraws in place
 * (ANSI), otherwise it prints plain lines. A final table listing every trial is always printed at
 * the experiment's end; the live ones show at most {@value #MAX_ROWS} rows, shared fairly among the
 * statuses, as Ray does. Writes only to the stream it is given.
 */
public final class ProgressReporter implements Callback {
    /** Rows shown at most (Ray's {@code max_progress_rows}). */
    public static final int MAX_ROWS = 20;
    private static final long NEVER = Long.MIN_VALUE;
    private static final String ESC = "\u001b[";

    private final PrintStream out;
    private final long minIntervalNanos;
    private final boolean terminal;
    private final LongSupplier nanoClock;
    private final Map<String, TrialView> trials = new LinkedHashMap<>();
    private final List<String> extraMetrics = new ArrayList<>();
    private List<String> searchedParams = List.of();
    private String metric;
    private Mode mode;
    private DoubleSupplier cpus = () -> Double.NaN;
    private Supplier<String> where = () -> null;
    private LongSupplier totalTrials = () -> 0;
    /** What {@link #cpus} and {@link #where} said at the last live table: the final table comes after the executor closed. */
    private double lastCpus = Double.NaN;
    private String lastWhere;
    private boolean drawnLive;
    private long startedAt;
    private long lastReport = NEVER;
    private int linesOnScreen;

    public ProgressReporter(PrintStream out, Duration minInterval, boolean terminal) {
        this(out, minInterval, terminal, System::nanoTime);
    }

    /** With a monotonic clock in nanoseconds (a fake one in tests). */
    public ProgressReporter(PrintStream out, Duration minInterval, boolean terminal, LongSupplier nanoClock) {
        if (minInterval == null || minInterval.isNegative()) {
            throw new IllegalArgumentException("ProgressReporter: minInterval must be >= 0, got " + minInterval);
        }
        this.out = out;
        this.minIntervalNanos = minInterval.toNanos();
        this.terminal = terminal;
        this.nanoClock = nanoClock;
    }

    /**
     * What runs the trials, asked at each table on the driver's thread: the CPUs it offers trials
     * (NaN: unknown) and where they run (null: not said), e.g. a cluster's CPUs and
     * {@code a cluster of 3 workers}.
     */
    public ProgressReporter executor(DoubleSupplier cpus, Supplier<String> where) {
        this.cpus = cpus;
        this.where = where;
        return this;
    }

    /** How many trials the experiment will have (the {@code of 40} of the overall line; 0 or less: not known). */
    public ProgressReporter totalTrials(LongSupplier total) {
        this.totalTrials = total;
        return this;
    }

    /** More metric columns, shown after the experiment metric. */
    public ProgressReporter metricColumns(String... metrics) {
        extraMetrics.addAll(List.of(metrics));
        return this;
    }

    @Override
    public void setup(ExperimentInfo experiment) {
        metric = experiment.metric();
        mode = experiment.mode();
        searchedParams = experiment.space() == null ? List.of() : List.copyOf(experiment.space().domains().keySet());
        startedAt = nanoClock.getAsLong();
    }

    @Override
    public void onTrialAdd(TrialView trial) {
        trials.put(trial.id(), trial);
    }

    @Override
    public void onTrialStart(TrialView trial) {
        track(trial);
    }

    @Override
    public void onTrialResult(TrialView trial, Result result) {
        track(trial);
    }

    @Override
    public void onTrialComplete(TrialView trial) {
        track(trial);
    }

    @Override
    public void onTrialError(TrialView trial, Throwable error) {
        track(trial);
    }

    @Override
    public void onExperimentEnd(List<? extends TrialView> all) {
        all.forEach(t -> trials.put(t.id(), t));
        draw(true);
    }

    private void track(TrialView trial) {
        trials.put(trial.id(), trial);
        long now = nanoClock.getAsLong();
        if (lastReport == NEVER || now - lastReport >= minIntervalNanos) {
            lastReport = now;
            draw(false);
        }
    }

    private void draw(boolean last) {
        if (!last || !drawnLive) {
            lastCpus = cpus.getAsDouble();
            lastWhere = where.get();
            drawnLive = !last;
        }
        List<String> lines = render(trials.values(), last);
        StringBuilder text = new StringBuilder();
        if (terminal && linesOnScreen > 0) {
            text.append(ESC).append(linesOnScreen).append("A\r").append(ESC).append('J');
        }
        lines.forEach(l -> text.append(l).append(System.lineSeparator()));
        if (!terminal) {
            text.append(System.lineSeparator());
        }
        out.print(text);
        out.flush();
        linesOnScreen = lines.size();
    }

    /** The status block for these trials; {@code everyRow}: the final one, every trial a row. */
    List<String> render(Collection<TrialView> all, boolean everyRow) {
        List<String> lines = new ArrayList<>();
        lines.add("== Status ==");
        lines.add(usage(all));
        lines.add(overall(all));
        List<String> params = paramColumns(all);
        List<String> metrics = metricColumns();
        List<String> headers = new ArrayList<>(List.of("Trial name", "status"));
        headers.addAll(params);
        headers.addAll(metrics);
        headers.add("iter");
        headers.add("total time (s)");
        TextTable table = new TextTable(headers);
        List<TrialView> shown = everyRow ? List.copyOf(all) : fairRows(all);
        for (TrialView t : shown) {
            List<Object> row = new ArrayList<>();
            row.add(shortName(t));
            row.add(t.status().name());
            Config config = t.config();
            params.forEach(p -> row.add(config.has(p) ? config.get(p) : null));
            Result last = t.lastResult();
            metrics.forEach(m -> row.add(last == null ? null : last.get(m)));
            row.add(last == null ? null : last.get(Result.TRAINING_ITERATION));
            row.add(last == null ? null : last.get(Result.TIME_TOTAL_S));
            table.addRow(row);
        }
        lines.addAll(table.lines());
        if (shown.size() < all.size()) {
            lines.add("... " + (all.size() - shown.size()) + " more trials not shown (" + hiddenCounts(all, shown) + "); the final table lists every trial");
        }
        return lines;
    }

    private String overall(Collection<TrialView> all) {
        Map<TrialStatus, Integer> counts = counts(all);
        StringBuilder s = new StringBuilder()
                .append(counts.get(TrialStatus.TERMINATED)).append(" done / ")
                .append(counts.get(TrialStatus.RUNNING)).append(" running / ")
                .append(counts.get(TrialStatus.PENDING)).append(" pending");
        long total = Math.max(totalTrials.getAsLong(), all.size());
        if (totalTrials.getAsLong() > 0) {
            s.append(" of ").append(total);
        }
        s.append(" (")
                .append(counts.get(TrialStatus.PAUSED)).append(" paused, ")
                .append(counts.get(TrialStatus.ERROR)).append(" errored)");
        TrialView best = best(all);
        if (best != null) {
            s.append(", best ").append(metric).append('=').append(TextTable.formatG(best.lastResult().getDouble(metric)))
                    .append(" (trial ").append(shortName(best)).append(", last result)");
        }
        return s.toString();
    }

    /** {@code running for 00:01:23, 2/2 CPUs in use, trials on ...}: elapsed since setup, the CPUs running trials hold, where they run. */
    private String usage(Collection<TrialView> all) {
        long seconds = Math.max(0, (nanoClock.getAsLong() - startedAt) / 1_000_000_000L);
        double inUse = 0;
        for (TrialView t : all) {
            if (t.status() == TrialStatus.RUNNING && t.resources() != null) {
                inUse += t.resources().cpu();
            }
        }
        String used = TextTable.formatG(inUse) + (Double.isNaN(lastCpus) ? "" : "/" + TextTable.formatG(lastCpus));
        return String.format(java.util.Locale.ROOT, "running for %02d:%02d:%02d, %s CPUs in use", seconds / 3600, seconds / 60 % 60, seconds % 60, used)
                + (lastWhere == null ? "" : ", trials on " + lastWhere);
    }

    /** The trial whose last result is best by the experiment's metric (the summary's default scope), or null. */
    private TrialView best(Collection<TrialView> all) {
        if (metric == null || mode == null) {
            return null;
        }
        TrialView best = null;
        double bestValue = Double.NaN;
        for (TrialView t : all) {
            double v = t.lastResult() == null ? Double.NaN : t.lastResult().getDouble(metric);
            if (Double.isFinite(v) && mode.isBetter(v, bestValue)) {
                best = t;
                bestValue = v;
            }
        }
        return best;
    }

    private static Map<TrialStatus, Integer> counts(Collection<TrialView> trials) {
        Map<TrialStatus, Integer> counts = new EnumMap<>(TrialStatus.class);
        for (TrialStatus s : TrialStatus.values()) {
            counts.put(s, 0);
        }
        trials.forEach(t -> counts.merge(t.status(), 1, Integer::sum));
        return counts;
    }

    private List<String> paramColumns(Collection<TrialView> all) {
        if (!searchedParams.isEmpty()) {
            return searchedParams;
        }
        Set<String> leaves = new LinkedHashSet<>();
        all.forEach(t -> leaves.addAll(t.config().flatten().keySet()));
        return List.copyOf(leaves);
    }

    private List<String> metricColumns() {
        Set<String> columns = new LinkedHashSet<>();
        if (metric != null) {
            columns.add(metric);
        }
        columns.addAll(extraMetrics);
        columns.remove(Result.TRAINING_ITERATION);
        columns.remove(Result.TIME_TOTAL_S);
        return List.copyOf(columns);
    }

    /** Up to MAX_ROWS trials, one status at a time in turn (Ray's fair filter), in their original order. */
    private static List<TrialView> fairRows(Collection<TrialView> all) {
        if (all.size() <= MAX_ROWS) {
            return List.copyOf(all);
        }
        Map<TrialStatus, Integer> available = counts(all);
        Map<TrialStatus, Integer> quota = new EnumMap<>(TrialStatus.class);
        int left = MAX_ROWS;
        boolean progress = true;
        while (left > 0 && progress) {
            progress = false;
            for (TrialStatus s : TrialStatus.values()) {
                if (left > 0 && quota.getOrDefault(s, 0) < available.get(s)) {
                    quota.merge(s, 1, Integer::sum);
                    left--;
                    progress = true;
                }
            }
        }
        List<TrialView> shown = new ArrayList<>();
        for (TrialView t : all) {
            Integer q = quota.get(t.status());
            if (q != null && q > 0) {
                shown.add(t);
                quota.put(t.status(), q - 1);
            }
        }
        return shown;
    }

    private static String hiddenCounts(Collection<TrialView> all, List<TrialView> shown) {
        List<TrialView> hidden = new ArrayList<>(all);
        hidden.removeAll(shown);
        List<String> parts = new ArrayList<>();
        counts(hidden).forEach((status, n) -> {
            if (n > 0) {
                parts.add(n + " " + status.name());
            }
        });
        return String.join(", ", parts);
    }

    /** Ray's trial name: {@code <trainable>_<trial_id>}, the folder name without its tag. */
    private static String shortName(TrialView trial) {
        String name = trial.name();
        int at = name == null ? -1 : name.indexOf(trial.id());
        return at < 0 ? trial.id() : name.substring(0, at + trial.id().length());
    }
}
