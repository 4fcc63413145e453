package io.jtune.engine.schedule;

import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.json.Json;
import io.jtune.engine.log.LazyLogger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Synchronous HyperBand, Ray Tune's {@code HyperBandScheduler}
 * (https://homes.cs.washington.edu/~jamieson/hyperband.html).
 *
 * <p>With {@code s_max + 1 = round(log(maxT) / log(eta)) + 1}, a band holds brackets
 * {@code s = 0 .. s_max}, filled in that order by new trials; bracket {@code s} takes
 * {@code n = ceil((s_max + 1) / (s + 1) * eta^s)} trials that first run to the milestone
 * {@code r = floor(maxT * eta^-s)} of {@code timeAttr}. For maxT = 81 and eta = 3 these are
 * (n, r) = (5, 81), (8, 27), (15, 9), (34, 3), (81, 1), as in the HyperBand paper. A trial that
 * reaches its milestone PAUSEs until every live trial of its bracket has; then the best
 * {@code ceil(n / eta)} are unpaused ({@link RunnerView#unpauseTrial}) towards the milestone
 * {@code min(r * eta, maxT)} (Ray: {@code min(r * eta, maxT - r)}, which ends short of maxT; see
 * {@link HyperBandBracket}) and the rest are stopped. When the last rung is done the bracket's
 * trials stop ({@code stopLastTrials}) or run on. {@link #chooseTrialToRun} picks PENDING trials
 * and unpaused PAUSED ones of the least complete bracket first, band by band.
 */
public class HyperBandScheduler implements TrialScheduler {
    private static final LazyLogger LOG = new LazyLogger(HyperBandScheduler.class);

    private final String name;
    private final String timeAttr;
    private final String metric;
    private final Mode mode;
    private final int maxT;
    private final double eta;
    private final boolean stopLastTrials;
    /** {@code s_max + 1}: how many brackets a band holds. */
    final int sMax1;
    /** Bands of brackets; a null bracket is one too small to run (r = 0). */
    final List<List<HyperBandBracket>> bands = new ArrayList<>();
    private HyperBandBracket current;
    private final Map<String, HyperBandBracket> bracketOfTrial = new HashMap<>();
    private final Map<String, TrialView> trialsById = new HashMap<>();
    private MetricTarget target;
    private int numStopped;

    HyperBandScheduler(Builder b, String name) {
        this.name = name;
        this.timeAttr = b.timeAttr;
        this.metric = b.metric;
        this.mode = b.mode;
        this.maxT = b.maxT;
        this.eta = b.reductionFactor;
        this.stopLastTrials = b.stopLastTrials;
        this.sMax1 = (int) Math.rint(Math.log(maxT) / Math.log(eta)) + 1;
        bands.add(new ArrayList<>());
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Trials in a full bracket {@code s}: {@code ceil((s_max + 1) / (s + 1) * eta^s)}. */
    public int bracketSize(int s) {
        return (int) Math.ceil(sMax1 / (double) (s + 1) * Math.pow(eta, s));
    }

    /** The first milestone of bracket {@code s}: {@code floor(maxT * eta^-s)}. */
    public int bracketBudget(int s) {
        return (int) (maxT * Math.pow(eta, -s));
    }

    /** Brackets per band, {@code s_max + 1}. */
    public int bracketsPerBand() {
        return sMax1;
    }

    /** Which bracket a band's next new bracket is, given how many it has: HyperBand fills {@code s = 0} first. */
    int nextBracketS(int bracketsInBand) {
        return bracketsInBand;
    }

    @Override
    public void setup(ExperimentInfo experiment) {
        target = MetricTarget.resolve(metric, mode, experiment, name);
    }

    @Override
    public void onTrialAdd(RunnerView runner, TrialView trial) {
        if (target == null) {
            throw new IllegalStateException(name + ": setup(ExperimentInfo) must be called before the first trial is added");
        }
        if (current == null || current.filled()) {
            current = newBracket();
        }
        current.add(trial);
        bracketOfTrial.put(trial.id(), current);
        trialsById.put(trial.id(), trial);
    }

    private HyperBandBracket newBracket() {
        while (true) {
            List<HyperBandBracket> band = bands.get(bands.size() - 1);
            if (band.size() == sMax1) {
                band = new ArrayList<>();
                bands.add(band);
            }
            int s = nextBracketS(band.size());
            if (bracketBudget(s) == 0) {
                LOG.get().debug("{}: bracket s={} would have no budget; skipping it", name, s);
                band.add(null);
                continue;
            }
            HyperBandBracket bracket = new HyperBandBracket(s, bracketSize(s), bracketBudget(s), maxT, eta, stopLastTrials);
            band.add(bracket);
            return bracket;
        }
    }

    @Override
    public boolean reachedFullBudget(Result last) {
        return last != null && last.has(timeAttr) && last.getDouble(timeAttr) >= maxT;
    }

    @Override
    public Decision onTrialResult(RunnerView runner, TrialView trial, Result result) {
        HyperBandBracket bracket = bracketOfTrial.get(trial.id());
        if (bracket == null) {
            throw new IllegalStateException(name + ": trial " + trial.id() + " reported a result but was never added (onTrialAdd)");
        }
        if (!bracket.contains(trial.id())) {
            return Decision.STOP;
        }
        bracket.update(trial.id(), timeOf(trial, result), target.score(result));
        if (bracket.continueTrial(trial.id())) {
            return Decision.CONTINUE;
        }
        Decision decision = onMilestone(runner, trial, result, bracket);
        LOG.get().debug("{}: {} for trial {} at {}={}", name, decision, trial.id(), timeAttr, result.get(timeAttr));
        return decision;
    }

    private double timeOf(TrialView trial, Result result) {
        if (!result.has(timeAttr)) {
            throw new IllegalStateException(name + ": the result of trial " + trial.id() + " has no time attribute '" + timeAttr
                    + "'; report it, or set timeAttr to a field every result has (it reports " + result.asMap().keySet() + ")");
        }
        return result.getDouble(timeAttr);
    }

    /** The trial reached its bracket's milestone: HyperBand processes the bracket. */
    Decision onMilestone(RunnerView runner, TrialView trial, Result result, HyperBandBracket bracket) {
        return processBracket(runner, bracket, trial);
    }

    /**
     * When every live trial reached the milestone: stops the bracket if it is done, otherwise halves
     * it, stopping the bad trials and unpausing the good ones. Returns the decision for
     * {@code deciding} (null when no result is being decided): PAUSE while the round is incomplete.
     */
    final Decision processBracket(RunnerView runner, HyperBandBracket bracket, TrialView deciding) {
        Decision action = Decision.PAUSE;
        if (!bracket.curIterDone()) {
            return action;
        }
        if (bracket.finished()) {
            stopPausedTrials(runner, bracket);
            return Decision.STOP;
        }
        bracket.processing = true;
        try {
            HyperBandBracket.Halving halving = bracket.successiveHalving();
            numStopped += halving.bad().size();
            for (TrialView t : halving.bad()) {
                action = stop(runner, bracket, t, deciding, action);
            }
            for (TrialView t : halving.good()) {
                if (bracket.continueTrial(t.id())) {
                    if (isDeciding(t, deciding)) {
                        action = Decision.CONTINUE;
                    } else if (t.status() == TrialStatus.PAUSED) {
                        runner.unpauseTrial(t);
                        bracket.markToUnpause(t.id());
                        onUnpause(t);
                    }
                } else if (bracket.finished()) {
                    action = stop(runner, bracket, t, deciding, action);
                }
            }
        } finally {
            bracket.processing = false;
        }
        return action;
    }

    private Decision stop(RunnerView runner, HyperBandBracket bracket, TrialView t, TrialView deciding, Decision action) {
        bracket.cleanup(t.id());
        if (isDeciding(t, deciding)) {
            return Decision.STOP;
        }
        if (!t.status().isFinished()) {
            runner.stopTrial(t);
        }
        return action;
    }

    private static boolean isDeciding(TrialView t, TrialView deciding) {
        return deciding != null && deciding.id().equals(t.id());
    }

    private void stopPausedTrials(RunnerView runner, HyperBandBracket bracket) {
        for (TrialView t : bracket.currentTrials()) {
            if (t.status() == TrialStatus.PAUSED) {
                bracket.cleanup(t.id());
                runner.stopTrial(t);
            }
        }
    }

    /** A paused trial was unpaused by halving (a hook for the BOHB variant). */
    void onUnpause(TrialView trial) {
    }

    /** The trial stopped, finished or failed for good: it leaves its bracket, which may then be halved. */
    @Override
    public void onTrialRemove(RunnerView runner, TrialView trial) {
        HyperBandBracket bracket = bracketOfTrial.get(trial.id());
        if (bracket == null) {
            return;
        }
        bracket.cleanup(trial.id());
        if (!bracket.finished() && !bracket.processing) {
            processBracket(runner, bracket, null);
        }
    }

    @Override
    public void onTrialComplete(RunnerView runner, TrialView trial, Result result) {
        onTrialRemove(runner, trial);
    }

    /** Called when the trial failed for good (not when it will be retried), as in Ray Tune. */
    @Override
    public void onTrialError(RunnerView runner, TrialView trial) {
        onTrialRemove(runner, trial);
    }

    @Override
    public TrialView chooseTrialToRun(RunnerView runner) {
        for (List<HyperBandBracket> band : bands) {
            List<HyperBandBracket> byCompletion = new ArrayList<>();
            band.stream().filter(b -> b != null).forEach(byCompletion::add);
            byCompletion.sort(Comparator.comparingDouble(HyperBandBracket::completionPercentage));
            TrialView next = firstRunnable(runner, byCompletion);
            if (next != null) {
                return next;
            }
        }
        return null;
    }

    /** The first PENDING trial, or PAUSED one unpaused by halving, whose resources fit. */
    static TrialView firstRunnable(RunnerView runner, List<HyperBandBracket> brackets) {
        for (HyperBandBracket bracket : brackets) {
            for (TrialView t : bracket.currentTrials()) {
                if (isRunnable(bracket, t) && runner.hasResources(t.resources())) {
                    return t;
                }
            }
        }
        return null;
    }

    static boolean isRunnable(HyperBandBracket bracket, TrialView t) {
        return t.status() == TrialStatus.PENDING || (t.status() == TrialStatus.PAUSED && bracket.isToUnpause(t.id()));
    }

    /** The bracket a trial was placed in, or null (for tests and the BOHB variant). */
    HyperBandBracket bracketOf(String trialId) {
        return bracketOfTrial.get(trialId);
    }

    @Override
    public String debugString() {
        StringBuilder out = new StringBuilder("Using HyperBand: num_stopped=").append(numStopped)
                .append(" total_brackets=").append(bands.stream().mapToInt(List::size).sum());
        for (int i = 0; i < bands.size(); i++) {
            out.append("\nRound #").append(i).append(':');
            for (HyperBandBracket b : bands.get(i)) {
                if (b != null) {
                    out.append("\n  ").append(b);
                }
            }
        }
        return out.toString();
    }

    /** What {@link #saveState} writes: every band's brackets (null for a skipped one) and the one being filled. */
    record State(int numStopped, List<List<HyperBandBracket.State>> bands, int currentBand, int currentIndex) {
    }

    @Override
    public String saveState() {
        List<List<HyperBandBracket.State>> saved = new ArrayList<>();
        int currentBand = -1;
        int currentIndex = -1;
        for (int i = 0; i < bands.size(); i++) {
            List<HyperBandBracket.State> band = new ArrayList<>();
            for (int j = 0; j < bands.get(i).size(); j++) {
                HyperBandBracket b = bands.get(i).get(j);
                band.add(b == null ? null : b.save());
                if (b != null && b == current) {
                    currentBand = i;
                    currentIndex = j;
                }
            }
            saved.add(band);
        }
        return Json.writeState(name, new State(numStopped, saved, currentBand, currentIndex));
    }

    /** Rebuilds the bands from the saved state; the runner has re-added every trial (by id) before. */
    @Override
    public void restoreState(String json) {
        State state = Json.readState(name, json, State.class);
        bands.clear();
        bracketOfTrial.clear();
        current = null;
        numStopped = state.numStopped();
        for (int i = 0; i < state.bands().size(); i++) {
            List<HyperBandBracket> band = new ArrayList<>();
            for (int j = 0; j < state.bands().get(i).size(); j++) {
                HyperBandBracket.State saved = state.bands().get(i).get(j);
                HyperBandBracket b = null;
                if (saved != null) {
                    b = new HyperBandBracket(saved.s(), bracketSize(saved.s()), bracketBudget(saved.s()), maxT, eta, stopLastTrials);
                    b.restore(saved, trialsById);
                    for (String id : saved.all()) {
                        bracketOfTrial.put(id, b);
                    }
                    if (i == state.currentBand() && j == state.currentIndex()) {
                        current = b;
                    }
                }
                band.add(b);
            }
            bands.add(band);
        }
        if (bands.isEmpty()) {
            bands.add(new ArrayList<>());
        }
    }

    static TrialView trialFor(Map<String, TrialView> trials, String id) {
        TrialView t = trials.get(id);
        if (t == null) {
            throw new IllegalStateException("HyperBandScheduler: the saved state names trial " + id
                    + ", which the runner did not re-add before restoreState; restore the trials first");
        }
        return t;
    }

    /** Ray Tune's parameters and defaults; {@link #build} and {@link #buildForBohb} check them. */
    public static final class Builder extends SchedulerBuilder<Builder> {
        private int maxT = 81;
        private double reductionFactor = 3;
        private boolean stopLastTrials = true;

        private Builder() {
            super("HyperBandScheduler", Result.TRAINING_ITERATION);
        }

        @Override
        Builder self() {
            return this;
        }

        public Builder maxT(int maxT) {
            this.maxT = maxT;
            return this;
        }

        public Builder reductionFactor(double reductionFactor) {
            this.reductionFactor = reductionFactor;
            return this;
        }

        public Builder stopLastTrials(boolean stopLastTrials) {
            this.stopLastTrials = stopLastTrials;
            return this;
        }

        public HyperBandScheduler build() {
            check("HyperBandScheduler");
            return new HyperBandScheduler(this, "HyperBandScheduler");
        }

        /** Ray Tune's {@code HyperBandForBOHB}, for the BOHB searcher. */
        public HyperBandForBohb buildForBohb() {
            check("HyperBandForBohb");
            return new HyperBandForBohb(this);
        }

        private void check(String name) {
            SchedulerArgs.require(name, maxT > 0, "max_t must be > 0, got " + maxT);
            SchedulerArgs.require(name, reductionFactor > 1, "reduction_factor must be > 1, got " + reductionFactor);
        }
    }
}
