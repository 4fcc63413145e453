package io.jtune.engine.schedule;

import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.json.Json;
import io.jtune.engine.trial.TrialLocal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Asynchronous successive halving, Ray Tune's {@code AsyncHyperBandScheduler} (ASHA,
 * https://arxiv.org/abs/1810.05934). Each trial joins one bracket; when it reaches a rung of its
 * bracket it stops if its score is below the {@code (1 - 1/reductionFactor)} percentile of the
 * scores recorded at that rung so far (numpy's {@code nanpercentile}, linear interpolation), and
 * otherwise continues; no trial waits for another. Trials reaching {@code maxT} stop when
 * {@code stopLastTrials}. Brackets are drawn for new trials by a softmax over their rung counts,
 * from the experiment seed. Trials run in FIFO order.
 *
 * <pre>{@code
 * TrialScheduler asha = AsyncHyperBandScheduler.builder().maxT(100).gracePeriod(1).reductionFactor(4).build();
 * }</pre>
 */
public final class AsyncHyperBandScheduler implements TrialScheduler {
    private static final String NAME = "AsyncHyperBandScheduler";
    /** Trials run in Ray's FIFO order. */
    private final FifoScheduler fifo = new FifoScheduler();

    private final String timeAttr;
    private final String metric;
    private final Mode mode;
    private final double maxT;
    private final boolean stopLastTrials;
    private final List<AshaBracket> brackets = new ArrayList<>();
    private final double[] bracketProbabilities;
    private final Map<String, Integer> bracketOfTrial = new HashMap<>();
    /** Each trial's bracket as the trial holds it, read for each result without a lookup in {@link #bracketOfTrial}. */
    private final TrialLocal<AshaBracket.Member> memberships = new TrialLocal<>();
    /** How many times the state was restored: a membership made before the last restore is made again. */
    private int restores;
    private MetricTarget target;
    private SeededRandom random;
    private int numStopped;

    private AsyncHyperBandScheduler(Builder b) {
        this.timeAttr = b.timeAttr;
        this.metric = b.metric;
        this.mode = b.mode;
        this.maxT = b.maxT;
        this.stopLastTrials = b.stopLastTrials;
        for (int s = 0; s < b.brackets; s++) {
            brackets.add(new AshaBracket(b.gracePeriod, b.maxT, b.reductionFactor, s, b.stopLastTrials));
        }
        this.bracketProbabilities = softmaxOfRungCounts(brackets);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Ray's bracket weights: {@code e^(rungs - max rungs)}, normalised. */
    private static double[] softmaxOfRungCounts(List<AshaBracket> brackets) {
        int max = brackets.stream().mapToInt(AshaBracket::rungCount).max().orElse(0);
        double[] p = new double[brackets.size()];
        double sum = 0;
        for (int i = 0; i < p.length; i++) {
            p[i] = Math.exp(brackets.get(i).rungCount() - max);
            sum += p[i];
        }
        for (int i = 0; i < p.length; i++) {
            p[i] /= sum;
        }
        return p;
    }

    @Override
    public void setup(ExperimentInfo experiment) {
        target = MetricTarget.resolve(metric, mode, experiment, NAME);
        random = new SeededRandom(experiment.seedFor(NAME));
    }

    @Override
    public void onTrialAdd(RunnerView runner, TrialView trial) {
        requireSetup();
        bracketOfTrial.put(trial.id(), drawBracket());
    }

    private int drawBracket() {
        if (bracketProbabilities.length == 1) {
            return 0;
        }
        double u = random.nextDouble();
        double cumulative = 0;
        for (int i = 0; i < bracketProbabilities.length; i++) {
            cumulative += bracketProbabilities[i];
            if (u < cumulative) {
                return i;
            }
        }
        return bracketProbabilities.length - 1;
    }

    @Override
    public Decision onTrialResult(RunnerView runner, TrialView trial, Result result) {
        if (!result.has(timeAttr) || !result.has(target.metric())) {
            return Decision.CONTINUE;
        }
        Decision decision;
        double time = result.getDouble(timeAttr);
        if (time >= maxT && stopLastTrials) {
            decision = Decision.STOP;
        } else {
            AshaBracket.Member member = memberOf(trial);
            decision = member.bracket.onResult(member, trial.id(), time, target.score(result));
        }
        if (decision == Decision.STOP) {
            numStopped++;
        }
        return decision;
    }

    @Override
    public boolean reachedFullBudget(Result last) {
        return last != null && last.has(timeAttr) && last.getDouble(timeAttr) >= maxT;
    }

    @Override
    public void onTrialComplete(RunnerView runner, TrialView trial, Result result) {
        if (result != null && result.has(timeAttr) && result.has(target.metric()) && bracketOfTrial.containsKey(trial.id())) {
            AshaBracket.Member member = memberOf(trial);
            member.bracket.onResult(member, trial.id(), result.getDouble(timeAttr), target.score(result));
        }
        forget(trial);
    }

    private void forget(TrialView trial) {
        bracketOfTrial.remove(trial.id());
        memberships.remove(trial);
    }

    /** A failed trial keeps its bracket: it may be retried. */

    @Override
    public void onTrialRemove(RunnerView runner, TrialView trial) {
        forget(trial);
    }

    @Override
    public TrialView chooseTrialToRun(RunnerView runner) {
        return fifo.chooseTrialToRun(runner);
    }

    /** The trial's membership of its bracket, as the trial holds it (made from {@link #bracketOfTrial} when it holds none made since the last restore). */
    private AshaBracket.Member memberOf(TrialView trial) {
        AshaBracket.Member member = memberships.get(trial);
        if (member == null || member.restores != restores) {
            Integer index = bracketOfTrial.get(trial.id());
            if (index == null) {
                throw new IllegalStateException(NAME + ": trial " + trial.id() + " reported a result but was never added (onTrialAdd)");
            }
            member = new AshaBracket.Member(brackets.get(index), restores);
            memberships.set(trial, member);
        }
        return member;
    }

    private void requireSetup() {
        if (target == null) {
            throw new IllegalStateException(NAME + ": setup(ExperimentInfo) must be called before the first trial is added");
        }
    }

    /** The index of the bracket the trial joined, or -1 (for tests and progress output). */
    int bracketIndexOf(String trialId) {
        return bracketOfTrial.getOrDefault(trialId, -1);
    }

    /** The bracket at this index (for tests). */
    AshaBracket bracket(int index) {
        return brackets.get(index);
    }

    /** True: it only continues or stops trials, so a trial running ahead of its decisions only loses the results after a stop. */
    @Override
    public boolean supportsBufferedResults() {
        return true;
    }

    @Override
    public String debugString() {
        StringBuilder s = new StringBuilder("Using AsyncHyperBand: num_stopped=").append(numStopped);
        brackets.forEach(b -> s.append('\n').append(b.debugString()));
        return s.toString();
    }

    /** What {@link #saveState} writes and {@link #restoreState} reads. */
    record State(long random, int numStopped, Map<String, Integer> bracketOfTrial, List<List<Map<String, Double>>> rungs) {
    }

    /** Saves the live maps through read-only views, not copies: the state names every trial, once a rung it reached. */
    @Override
    public String saveState() {
        requireSetup();
        List<List<Map<String, Double>>> rungs = new ArrayList<>(brackets.size());
        for (AshaBracket bracket : brackets) {
            rungs.add(bracket.recorded());
        }
        return Json.writeState(NAME, new State(random.state(), numStopped, Collections.unmodifiableMap(bracketOfTrial), rungs));
    }

    @Override
    public void restoreState(String json) {
        requireSetup();
        State state = Json.readState(NAME, json, State.class);
        if (state.rungs().size() != brackets.size()) {
            throw new IllegalArgumentException(NAME + ": the saved state has " + state.rungs().size() + " brackets but this scheduler has "
                    + brackets.size() + "; resume with the same brackets setting");
        }
        restores++;
        random.restore(state.random());
        numStopped = state.numStopped();
        bracketOfTrial.clear();
        bracketOfTrial.putAll(state.bracketOfTrial());
        for (int i = 0; i < brackets.size(); i++) {
            brackets.get(i).restore(state.rungs().get(i));
        }
    }

    /** Ray Tune's parameters and defaults; {@link #build} checks them. */
    public static final class Builder extends SchedulerBuilder<Builder> {
        private double maxT = 100;
        private double gracePeriod = 1;
        private double reductionFactor = 4;
        private int brackets = 1;
        private boolean stopLastTrials = true;

        private Builder() {
            super(NAME, Result.TRAINING_ITERATION);
        }

        @Override
        Builder self() {
            return this;
        }

        public Builder maxT(double maxT) {
            this.maxT = maxT;
            return this;
        }

        public Builder gracePeriod(double gracePeriod) {
            this.gracePeriod = gracePeriod;
            return this;
        }

        public Builder reductionFactor(double reductionFactor) {
            this.reductionFactor = reductionFactor;
            return this;
        }

        public Builder brackets(int brackets) {
            this.brackets = brackets;
            return this;
        }

        public Builder stopLastTrials(boolean stopLastTrials) {
            this.stopLastTrials = stopLastTrials;
            return this;
        }

        public AsyncHyperBandScheduler build() {
            SchedulerArgs.require(NAME, maxT > 0, "max_t must be > 0, got " + maxT);
            SchedulerArgs.require(NAME, gracePeriod > 0, "grace_period must be > 0, got " + gracePeriod);
            SchedulerArgs.require(NAME, maxT >= gracePeriod, "grace_period must be <= max_t, got grace_period=" + gracePeriod + ", max_t=" + maxT);
            SchedulerArgs.require(NAME, reductionFactor > 1, "reduction_factor must be > 1, got " + reductionFactor);
            SchedulerArgs.require(NAME, brackets > 0, "brackets must be >= 1, got " + brackets);
            return new AsyncHyperBandScheduler(this);
        }
    }
}
