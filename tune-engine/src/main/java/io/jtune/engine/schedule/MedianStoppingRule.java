package io.jtune.engine.schedule;

import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.json.Json;
import io.jtune.engine.log.LazyLogger;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The median stopping rule of Google Vizier, as Ray Tune's {@code MedianStoppingRule}.
 *
 * <p>At a result with time {@code t >= gracePeriod} (time = {@code timeAttr}), the other trials whose
 * latest result reached {@code t} are the samples. With fewer than {@code minSamplesRequired} of
 * them, the trial PAUSEs to let a waiting (PENDING or PAUSED) trial run, provided it ran more than
 * {@code minTimeSlice} since it last yielded, and CONTINUEs otherwise. With enough, each sample's
 * running mean is the mean of its results with {@code gracePeriod <= time <= t}; the trial stops
 * (or pauses, when {@code hardStop} is false) if its best result so far is strictly worse than the
 * median of those means (numpy's {@code nanmedian}: a sample with no result in the window is left
 * out, and when none is left nothing stops). A trial paused by the rule then runs on unchecked, in
 * FIFO order.
 */
public final class MedianStoppingRule implements TrialScheduler {
    private static final LazyLogger LOG = new LazyLogger(MedianStoppingRule.class);
    private static final String NAME = "MedianStoppingRule";
    /** Trials run in Ray's FIFO order. */
    private final FifoScheduler fifo = new FifoScheduler();

    private final String timeAttr;
    private final String metric;
    private final Mode mode;
    private final double gracePeriod;
    private final int minSamplesRequired;
    private final double minTimeSlice;
    private final boolean hardStop;
    private final Map<String, Curve> curves = new LinkedHashMap<>();
    private final Map<String, Double> lastPause = new HashMap<>();
    private final Set<String> stopped = new LinkedHashSet<>();
    private MetricTarget target;

    /** One trial's results: times and signed scores, in the order reported. */
    static final class Curve {
        private double[] times = new double[8];
        private double[] scores = new double[8];
        private int size;

        void add(double time, double score) {
            if (size == times.length) {
                times = Arrays.copyOf(times, size * 2);
                scores = Arrays.copyOf(scores, size * 2);
            }
            times[size] = time;
            scores[size] = score;
            size++;
        }

        double lastTime() {
            return times[size - 1];
        }

        /** Mean score of the results with {@code from <= time <= to}; NaN when there is none. */
        double runningMean(double from, double to) {
            double sum = 0;
            int n = 0;
            for (int i = 0; i < size; i++) {
                if (times[i] >= from && times[i] <= to) {
                    sum += scores[i];
                    n++;
                }
            }
            return n == 0 ? Double.NaN : sum / n;
        }

        /** The best score so far, ignoring NaN. */
        double best() {
            double best = Double.NaN;
            for (int i = 0; i < size; i++) {
                if (Double.isNaN(best) || scores[i] > best) {
                    best = scores[i];
                }
            }
            return best;
        }

        double[][] save() {
            return new double[][] {Arrays.copyOf(times, size), Arrays.copyOf(scores, size)};
        }

        static Curve restore(double[][] saved) {
            Curve c = new Curve();
            for (int i = 0; i < saved[0].length; i++) {
                c.add(saved[0][i], saved[1][i]);
            }
            return c;
        }
    }

    private MedianStoppingRule(Builder b) {
        this.timeAttr = b.timeAttr;
        this.metric = b.metric;
        this.mode = b.mode;
        this.gracePeriod = b.gracePeriod;
        this.minSamplesRequired = b.minSamplesRequired;
        this.minTimeSlice = b.minTimeSlice;
        this.hardStop = b.hardStop;
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public void setup(ExperimentInfo experiment) {
        target = MetricTarget.resolve(metric, mode, experiment, NAME);
    }

    @Override
    public void onTrialAdd(RunnerView runner, TrialView trial) {
        if (target == null) {
            throw new IllegalStateException(NAME + ": setup(ExperimentInfo) must be called before the first trial is added");
        }
    }

    @Override
    public Decision onTrialResult(RunnerView runner, TrialView trial, Result result) {
        if (!result.has(timeAttr) || !result.has(target.metric())) {
            return Decision.CONTINUE;
        }
        if (stopped.contains(trial.id())) {
            return Decision.CONTINUE;
        }
        double time = result.getDouble(timeAttr);
        Curve curve = curves.computeIfAbsent(trial.id(), id -> new Curve());
        curve.add(time, target.score(result));
        if (time < gracePeriod) {
            return Decision.CONTINUE;
        }
        double[] means = new double[curves.size()];
        int samples = 0;
        for (Map.Entry<String, Curve> e : curves.entrySet()) {
            if (!e.getKey().equals(trial.id()) && e.getValue().lastTime() >= time) {
                means[samples++] = e.getValue().runningMean(gracePeriod, time);
            }
        }
        if (samples < minSamplesRequired) {
            return onInsufficientSamples(runner, trial, time, samples);
        }
        double median = Percentiles.nanMedian(means, samples);
        double best = curve.best();
        if (LOG.get().isDebugEnabled()) {
            LOG.get().debug("{}: trial {} best={} vs median={} at {}={}", NAME, trial.id(), best, median, timeAttr, time);
        }
        if (median > best) {
            stopped.add(trial.id());
            return hardStop ? Decision.STOP : Decision.PAUSE;
        }
        return Decision.CONTINUE;
    }

    private Decision onInsufficientSamples(RunnerView runner, TrialView trial, double time, int samples) {
        boolean yield = time - lastPause.getOrDefault(trial.id(), Double.NEGATIVE_INFINITY) > minTimeSlice && fifo.anyWaiting(runner);
        if (yield) {
            lastPause.put(trial.id(), time);
        }
        if (LOG.get().isDebugEnabled()) {
            LOG.get().debug("{}: {} samples are too few to judge trial {} at {}={}; {}", NAME, samples, trial.id(), timeAttr, time,
                    yield ? "yielding time to other trials" : "continuing anyway");
        }
        return yield ? Decision.PAUSE : Decision.CONTINUE;
    }

    /** Records the final result, unless it is the last one {@link #onTrialResult} already saw. */
    @Override
    public void onTrialComplete(RunnerView runner, TrialView trial, Result result) {
        if (result == null || !result.has(timeAttr) || !result.has(target.metric())) {
            return;
        }
        Curve curve = curves.computeIfAbsent(trial.id(), id -> new Curve());
        double time = result.getDouble(timeAttr);
        if (curve.size == 0 || curve.lastTime() < time) {
            curve.add(time, target.score(result));
        }
    }

    @Override
    public TrialView chooseTrialToRun(RunnerView runner) {
        return fifo.chooseTrialToRun(runner);
    }

    @Override
    public String debugString() {
        return "Using MedianStoppingRule: num_stopped=" + stopped.size() + ".";
    }

    /** What {@link #saveState} writes. */
    record State(Map<String, double[][]> curves, Map<String, Double> lastPause, List<String> stopped) {
    }

    @Override
    public String saveState() {
        Map<String, double[][]> saved = new LinkedHashMap<>();
        curves.forEach((id, c) -> saved.put(id, c.save()));
        return Json.writeState(NAME, new State(saved, new LinkedHashMap<>(lastPause), List.copyOf(stopped)));
    }

    @Override
    public void restoreState(String json) {
        State state = Json.readState(NAME, json, State.class);
        curves.clear();
        state.curves().forEach((id, c) -> curves.put(id, Curve.restore(c)));
        lastPause.clear();
        lastPause.putAll(state.lastPause());
        stopped.clear();
        stopped.addAll(state.stopped());
    }

    /** Ray Tune's parameters and defaults; {@link #build} checks them. */
    public static final class Builder extends SchedulerBuilder<Builder> {
        private double gracePeriod = 60.0;
        private int minSamplesRequired = 3;
        private double minTimeSlice = 0;
        private boolean hardStop = true;

        private Builder() {
            super(NAME, Result.TIME_TOTAL_S);
        }

        @Override
        Builder self() {
            return this;
        }

        public Builder gracePeriod(double gracePeriod) {
            this.gracePeriod = gracePeriod;
            return this;
        }

        public Builder minSamplesRequired(int minSamplesRequired) {
            this.minSamplesRequired = minSamplesRequired;
            return this;
        }

        public Builder minTimeSlice(double minTimeSlice) {
            this.minTimeSlice = minTimeSlice;
            return this;
        }

        public Builder hardStop(boolean hardStop) {
            this.hardStop = hardStop;
            return this;
        }

        public MedianStoppingRule build() {
            SchedulerArgs.require(NAME, gracePeriod >= 0, "grace_period must be >= 0, got " + gracePeriod);
            SchedulerArgs.require(NAME, minSamplesRequired >= 1, "min_samples_required must be >= 1, got " + minSamplesRequired);
            SchedulerArgs.require(NAME, minTimeSlice >= 0, "min_time_slice must be >= 0, got " + minTimeSlice);
            return new MedianStoppingRule(this);
        }
    }
}
